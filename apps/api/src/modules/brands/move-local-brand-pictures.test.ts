import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes } from '../../../test/brand-fixtures';
import { buildTestApp, createTestDb, tempDir } from '../../../test/build-test-app';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import type { Env } from '../../config';
import type { DbHandle } from '../../db/client';
import { brands, storedFiles } from '../../db/schema';
import { databaseFileStore } from '../../lib/file-store/database-file-store';
import { toBrandImage } from '../../lib/images';
import { localBrandPicturesDir, moveLocalBrandPictures } from './move-local-brand-pictures';

/**
 * An installation of a version that kept pictures on disk: brands in the database, their files in
 * DATA_DIR/uploads/brands, as that version wrote them. `inStore` are already in the store (a move
 * cut short after the store took them); `missing` has a row but no file; `unclaimed` and the dot
 * file (an interrupted write) are files no brand names.
 */
async function olderInstallation(handle: DbHandle) {
  const dataDir = tempDir();
  const dir = localBrandPicturesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const picture = async (colour: { r: number; g: number; b: number }) =>
    toBrandImage(await imageBytes('png', 400, 300, colour));
  const onDisk = await picture({ r: 10, g: 120, b: 200 });
  const inStore = await picture({ r: 200, g: 10, b: 10 });
  const missing = await picture({ r: 0, g: 200, b: 0 });

  const brand = async (label: string, image: { hash: string }) => {
    const [row] = await handle.db
      .insert(brands)
      .values({ name: `Marca ${label}`, companyName: 'Empresa Ltda', cnpj: '11222333000181' })
      .returning({ id: brands.id });
    const id = row?.id as string;
    const file = `${id}-0a1b2c3d-${image.hash}.webp`;
    await handle.db.update(brands).set({ imageFile: file, imageHash: image.hash }).where(eq(brands.id, id));
    return { id, file, hash: image.hash };
  };
  const moved = await brand('no disco', onDisk);
  const stored = await brand('já guardada', inStore);
  const lost = await brand('sem arquivo', missing);
  writeFileSync(join(dir, moved.file), onDisk.data);
  writeFileSync(join(dir, stored.file), inStore.data);
  writeFileSync(join(dir, 'a1b2c3d4-unclaimed.webp'), Buffer.from('nobody’s'));
  writeFileSync(join(dir, `.${moved.file}.0011aabbccdd.tmp`), Buffer.from('half a picture'));
  return { dataDir, dir, onDisk, inStore, moved, stored, lost };
}

type Installation = Awaited<ReturnType<typeof olderInstallation>>;

const movesPictures = (label: string, storeEnv: () => Env, storedKeys: (app: App) => Promise<string[]>) =>
  describe(`start-up on an older installation's DATA_DIR, pictures into ${label}`, () => {
    let app: App;
    let old: Installation;
    let seller: SignedIn;
    // What the store held under the already-stored name before the start, to see it was skipped.
    const earlier = Buffer.from('the copy the store had already');

    beforeAll(async () => {
      const handle = await createTestDb();
      old = await olderInstallation(handle);
      app = await buildTestApp({ db: handle, env: { ...storeEnv(), DATA_DIR: old.dataDir } });
      await app.fileStore.put(old.stored.file, 'image/webp', earlier);
      await app.ready();
      seller = await signIn(app);
    });
    afterAll(() => app.close());

    it('serves the picture that was on disk, byte for byte, from the store, and deletes the local file', async () => {
      const served = await app.inject({
        method: 'GET',
        url: `/api/brands/${old.moved.id}/image?v=${old.moved.hash}`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(old.onDisk.data)).toBe(true);
      expect((await app.fileStore.get(old.moved.file))?.bytes.equals(old.onDisk.data)).toBe(true);
      expect(existsSync(join(old.dir, old.moved.file))).toBe(false);
    });

    it('skips a file the store already holds, and deletes the local copy', async () => {
      expect((await app.fileStore.get(old.stored.file))?.bytes.equals(earlier)).toBe(true);
      expect(existsSync(join(old.dir, old.stored.file))).toBe(false);
    });

    it('keeps a brand whose file is missing working: the brand answers, its picture is 404', async () => {
      const brand = await app.inject({
        method: 'GET',
        url: `/api/brands/${old.lost.id}`,
        headers: seller.headers,
      });
      expect(brand.statusCode).toBe(200);
      const picture = await app.inject({ method: 'GET', url: `/api/brands/${old.lost.id}/image` });
      expect(picture.statusCode).toBe(404);
      expect(picture.json().message).toBe('Imagem não encontrada');
    });

    it('leaves the files no brand names where they are, and nothing of them in the store', async () => {
      expect(readdirSync(old.dir).sort()).toEqual([
        `.${old.moved.file}.0011aabbccdd.tmp`,
        'a1b2c3d4-unclaimed.webp',
      ]);
      expect(await app.fileStore.has('a1b2c3d4-unclaimed.webp')).toBe(false);
      expect(await storedKeys(app)).toEqual([old.moved.file, old.stored.file].sort());
    });

    it('finds nothing more to do when it runs again', async () => {
      expect(await moveLocalBrandPictures(app.db, app.fileStore, old.dataDir)).toEqual({
        moved: [],
        alreadyStored: [],
        unclaimed: ['a1b2c3d4-unclaimed.webp'],
      });
      expect((await app.fileStore.get(old.moved.file))?.bytes.equals(old.onDisk.data)).toBe(true);
    });
  });

movesPictures(
  'the database',
  () => ({}),
  async (app) =>
    (await app.db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name).sort(),
);

describe('with S3_BUCKET set', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());
  movesPictures(
    'the bucket',
    () => server.env,
    () => server.keys(),
  );
});

describe('a DATA_DIR without uploads/', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('has nothing to move', async () => {
    expect(await moveLocalBrandPictures(handle.db, databaseFileStore(handle.db), tempDir())).toEqual({
      moved: [],
      alreadyStored: [],
      unclaimed: [],
    });
  });
});
