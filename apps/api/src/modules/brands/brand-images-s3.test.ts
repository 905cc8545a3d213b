import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, imageBytes } from '../../../test/brand-fixtures';
import { pictureNamePattern, uploadedPicture } from '../../../test/brand-pictures';
import { buildTestApp } from '../../../test/build-test-app';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { storedFiles } from '../../db/schema';
import { toBrandImage } from '../../lib/images';

describe('brand pictures in an S3 bucket (S3_BUCKET set)', () => {
  let server: TestS3Server;
  let app: App;
  let seller: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startS3Server();
    app = await buildTestApp({ env: server.env });
    seller = await signIn(app, { roles: ['comercial'] });
    admin = await signIn(app, { roles: ['admin'] });
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('stores the upload in the bucket and serves it back byte for byte, nothing on disk or in the database', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const colour = { r: 12, g: 140, b: 220 };
    const updated = await uploadedPicture(app, seller.headers, brand.id, colour);
    const keys = await server.keys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(pictureNamePattern(updated));

    const served = await app.inject({ method: 'GET', url: updated.image_url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const expected = await toBrandImage(await imageBytes('png', 400, 300, colour));
    expect(served.rawPayload.equals(expected.data)).toBe(true);

    expect(await app.db.select().from(storedFiles)).toEqual([]);
    expect(existsSync(join(app.config.dataDir, 'uploads'))).toBe(false);
    await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}/image`, headers: seller.headers });
  });

  it('removes the replaced picture, the removed one and the deleted brand’s from the bucket', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const first = await uploadedPicture(app, seller.headers, brand.id, { r: 1, g: 2, b: 3 });
    const second = await uploadedPicture(app, seller.headers, brand.id, { r: 250, g: 200, b: 0 });
    expect(second.image_url).not.toBe(first.image_url);
    const keys = await server.keys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(pictureNamePattern(second));

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${brand.id}/image`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await server.keys()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/brands/${brand.id}/image` })).statusCode).toBe(404);

    await uploadedPicture(app, seller.headers, brand.id);
    expect(await server.keys()).toHaveLength(1);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${brand.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await server.keys()).toEqual([]);
  });
});
