import type { Brand } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { storedFiles } from '../../src/db/schema';
import { createBrandVia, imageBytes, multipartFile } from '../brand-fixtures';
import { buildTestApp } from '../build-test-app';
import { signIn } from '../sign-in';

/** Every name in the picture store (the database's, the default). */
const storedNames = async (app: App): Promise<string[]> =>
  (await app.db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name);

const upload = (app: App, headers: Record<string, string>, brandId: string, data: Buffer) => {
  const body = multipartFile('image', { name: 'logo.png', type: 'image/png', data });
  return app.inject({
    method: 'PUT',
    url: `/api/brands/${brandId}/image`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('parallel image uploads of one brand', () => {
  let app: App;
  let headers: Record<string, string>;
  let pictures: Buffer[];
  beforeAll(async () => {
    app = await buildTestApp();
    headers = (await signIn(app)).headers;
    pictures = await Promise.all(
      Array.from({ length: 5 }, (_, i) => imageBytes('png', 400, 300, { r: 40 * i, g: 90, b: 200 - 30 * i })),
    );
  });
  afterAll(() => app.close());

  async function expectOneServedImage(brandId: string) {
    const brand = (await app.inject({ method: 'GET', url: `/api/brands/${brandId}`, headers })).json<Brand>();
    expect(brand.image_url).toMatch(new RegExp(`^/api/brands/${brandId}/image\\?v=[0-9a-f]{16}$`));
    const files = await storedNames(app);
    // One picture, the brand's, and nothing else: no orphan.
    const hash = brand.image_url?.split('v=')[1] ?? '';
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^${brandId}-[0-9a-f]+-${hash}\\.webp$`));
    const served = await app.inject({ method: 'GET', url: brand.image_url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stored = await app.fileStore.get(files[0] as string);
    expect(stored && served.rawPayload.equals(stored.bytes)).toBe(true);
  }

  /** Takes the picture off, leaving the store empty for the next count. */
  async function removeImage(brandId: string) {
    const removed = await app.inject({ method: 'DELETE', url: `/api/brands/${brandId}/image`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await storedNames(app)).toEqual([]);
  }

  it('10 different pictures leave one image, served, and no orphan file', async () => {
    const brand = await createBrandVia(app, headers);
    const many = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        imageBytes('png', 400, 300, { r: 20 * i, g: 20, b: 250 - 20 * i }),
      ),
    );
    const answers = await Promise.all(many.map((data) => upload(app, headers, brand.id, data)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    await expectOneServedImage(brand.id);
    await removeImage(brand.id);
  });

  it('the same pictures sent several times over leave one image, served, and no orphan file', async () => {
    for (let round = 0; round < 3; round++) {
      const brand = await createBrandVia(app, headers);
      // 5 pictures, each twice, in parallel: two uploads store the same picture.
      const answers = await Promise.all(
        [...pictures, ...pictures].map((data) => upload(app, headers, brand.id, data)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      await expectOneServedImage(brand.id);
      await removeImage(brand.id);
    }
  });
});
