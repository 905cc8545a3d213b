import type { Brand } from '@funil/shared';
import { IMAGE_MAX_BYTES } from '@funil/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, imageBytes, multipartFile } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { storedFiles } from '../../db/schema';

describe('brand pictures', () => {
  let app: App;
  let seller: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    admin = await signIn(app, { roles: ['admin'] });
  });
  afterAll(() => app.close());

  const upload = (brandId: string, file: { name: string; type: string; data: Buffer }, field = 'image') => {
    const body = multipartFile(field, file);
    return app.inject({
      method: 'PUT',
      url: `/api/brands/${brandId}/image`,
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
  };
  /** The names in the picture store (the database's, the default). */
  const storedNames = async () =>
    (await app.db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name).sort();

  it('stores JPEG, PNG, GIF and WebP resized to 335x188 WebP, served under a versioned immutable URL', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const brand = await createBrandVia(app, seller.headers);
      const response = await upload(brand.id, {
        name: `logo.${format}`,
        type: `image/${format}`,
        data: await imageBytes(format),
      });
      expect(response.statusCode, format).toBe(200);
      const updated = response.json<Brand>();
      expect(updated.image_url).toMatch(new RegExp(`^/api/brands/${brand.id}/image\\?v=[0-9a-f]{16}$`));

      const image = await app.inject({ method: 'GET', url: updated.image_url as string });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 335, height: 188 });
    }
  });

  it('decides the type by content, not by name or declared type', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const disguised = await upload(brand.id, {
      name: 'logo.png',
      type: 'image/png',
      data: Buffer.from('%PDF-1.7 not an image'),
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('Formato de imagem não suportado');
    const svg = await upload(brand.id, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    expect(svg.statusCode).toBe(415);
    const misnamed = await upload(brand.id, {
      name: 'logo.txt',
      type: 'text/plain',
      data: await imageBytes('jpeg'),
    });
    expect(misnamed.statusCode).toBe(200);
  });

  it('refuses files over 5 MB with 413, a missing file field with 400, an unknown brand with 404', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const tooBig = await upload(brand.id, {
      name: 'big.png',
      type: 'image/png',
      data: Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Imagem deve ter no máximo 5MB');

    const wrongField = await upload(
      brand.id,
      { name: 'logo.png', type: 'image/png', data: await imageBytes('png') },
      'file',
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Envie um arquivo no campo image');
    const json = await app.inject({
      method: 'PUT',
      url: `/api/brands/${brand.id}/image`,
      headers: seller.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);

    const unknown = await upload('00000000-0000-4000-8000-000000000000', {
      name: 'logo.png',
      type: 'image/png',
      data: await imageBytes('png'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: seller.headers })).json()
        .image_url,
    ).toBeNull();
  });

  it('answers 400 to an upload cut off before its closing boundary, and stores nothing', async () => {
    // Found by the schema fuzzer: busboy's "Unexpected end of form" was a 500.
    const brand = await createBrandVia(app, seller.headers);
    const before = await storedNames();
    const body = multipartFile('image', {
      name: 'logo.png',
      type: 'image/png',
      data: await imageBytes('png'),
    });
    const cut = body.payload.subarray(0, body.payload.lastIndexOf('\r\n--'));
    const response = await app.inject({
      method: 'PUT',
      url: `/api/brands/${brand.id}/image`,
      headers: { ...seller.headers, ...body.headers },
      payload: cut,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Requisição inválida');
    expect(await storedNames()).toEqual(before);
  });

  it('replaces the picture (new URL, old file gone), removes it, and removes it with the brand', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const before = await storedNames();
    const first = (
      await upload(brand.id, {
        name: 'a.png',
        type: 'image/png',
        data: await imageBytes('png', 400, 300, { r: 10, g: 20, b: 30 }),
      })
    ).json<Brand>();
    const second = (
      await upload(brand.id, {
        name: 'b.png',
        type: 'image/png',
        data: await imageBytes('png', 400, 300, { r: 250, g: 200, b: 0 }),
      })
    ).json<Brand>();
    expect(second.image_url).not.toBe(first.image_url);
    expect((await storedNames()).filter((file) => !before.includes(file))).toHaveLength(1);
    // The old URL still answers (the current picture), but is not to be cached for good.
    const old = await app.inject({ method: 'GET', url: first.image_url as string });
    expect(old.headers['cache-control']).toBe('no-cache');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${brand.id}/image`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedNames()).toEqual(before);
    expect((await app.inject({ method: 'GET', url: `/api/brands/${brand.id}/image` })).statusCode).toBe(404);

    await upload(brand.id, { name: 'c.png', type: 'image/png', data: await imageBytes('png') });
    expect(await storedNames()).toHaveLength(before.length + 1);
    await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: admin.headers });
    expect(await storedNames()).toEqual(before);
  });

  it('leaves one picture and no orphan file after parallel uploads to one brand', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const before = await storedNames();
    const colours = Array.from({ length: 6 }, (_, index) => ({ r: index * 40, g: 255 - index * 40, b: 128 }));
    const answers = await Promise.all(
      colours.map(async (colour, index) =>
        upload(brand.id, {
          name: `${index}.png`,
          type: 'image/png',
          data: await imageBytes('png', 300, 200, colour),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const added = (await storedNames()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const current = (
      await app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: seller.headers })
    ).json<Brand>();
    expect(current.image_url).toContain(added[0]?.split('-').pop()?.replace('.webp', ''));
  });
});
