import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Brand } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia } from '../../../test/brand-fixtures';
import { pictureNamePattern, uploadedPicture, uploadPicture } from '../../../test/brand-pictures';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../../test/build-test-app';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import type { Env } from '../../config';
import { openPostgres } from '../../db/client';
import { storedFiles } from '../../db/schema';

/** Every name in the store both processes use. */
type StoredNames = (app: App) => Promise<string[]>;

const databaseNames: StoredNames = async (app) =>
  (await app.db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name).sort();

// Two API processes on one PostgreSQL database, each with a DATA_DIR of its own (buildTestApp
// gives each a temporary one), as behind a load balancer: either serves what the other stored.
const twoProcesses = (label: string, storeEnv: () => Env, storedNames: () => StoredNames) =>
  describe(`brand pictures across API processes, stored in ${label}`, () => {
    let first: App;
    let second: App;
    let seller: SignedIn;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await createPostgresTestDatabase({ migrated: true });
      drop = database.drop;
      const open = () => openPostgres(database.url, { max: 3 });
      // Processes of one installation share the signing key.
      const env = { ...storeEnv(), JWT_SECRET: 'one-installation-shares-this-secret-0123456789' };
      first = await buildTestApp({ db: open(), env });
      second = await buildTestApp({ db: open(), env });
      seller = await signIn(first);
    });
    afterAll(async () => {
      await first.close();
      await second.close();
      await drop();
    });

    const served = (app: App, brand: Brand) => app.inject({ method: 'GET', url: brand.image_url as string });

    it('serves through one process the picture uploaded through the other, byte for byte', async () => {
      expect(first.config.dataDir).not.toBe(second.config.dataDir);
      const brand = await createBrandVia(first, seller.headers);
      const updated = await uploadedPicture(first, seller.headers, brand.id);
      const fromFirst = await served(first, updated);
      const fromSecond = await served(second, updated);
      expect(fromSecond.statusCode).toBe(200);
      expect(fromSecond.headers['content-type']).toBe('image/webp');
      expect(fromSecond.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
      for (const app of [first, second]) {
        expect(existsSync(join(app.config.dataDir, 'uploads'))).toBe(false);
      }

      // Replaced through the second: the first serves the new one, and the old one is gone.
      const replaced = await uploadedPicture(second, seller.headers, brand.id, { r: 0, g: 90, b: 255 });
      const names = await storedNames()(first);
      expect(names.filter((name) => name.startsWith(brand.id))).toHaveLength(1);
      expect(names.find((name) => name.startsWith(brand.id))).toMatch(pictureNamePattern(replaced));
      expect(
        (await served(first, replaced)).rawPayload.equals((await served(second, replaced)).rawPayload),
      ).toBe(true);

      const removed = await first.inject({
        method: 'DELETE',
        url: `/api/brands/${brand.id}/image`,
        headers: seller.headers,
      });
      expect(removed.statusCode).toBe(204);
      expect((await second.inject({ method: 'GET', url: `/api/brands/${brand.id}/image` })).statusCode).toBe(
        404,
      );
      expect((await storedNames()(second)).filter((name) => name.startsWith(brand.id))).toEqual([]);
    });

    it('leaves one picture and no orphan after parallel uploads through both processes', async () => {
      const brand = await createBrandVia(first, seller.headers);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          uploadPicture(index % 2 === 0 ? first : second, seller.headers, brand.id, {
            r: index * 40,
            g: 255 - index * 40,
            b: 128,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      const current = (
        await second.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: seller.headers })
      ).json<Brand>();
      const names = (await storedNames()(first)).filter((name) => name.startsWith(brand.id));
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(pictureNamePattern(current));
      expect((await served(first, current)).statusCode).toBe(200);
    });
  });

describe.runIf(testDbKind() === 'postgres')('on one PostgreSQL database', () => {
  twoProcesses(
    'the database',
    () => ({}),
    () => databaseNames,
  );

  describe('with S3_BUCKET set', () => {
    let server: TestS3Server;
    beforeAll(async () => {
      server = await startS3Server();
    });
    afterAll(() => server.close());
    twoProcesses(
      'the bucket',
      () => server.env,
      () => () => server.keys(),
    );
  });
});
