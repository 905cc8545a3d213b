import type { Brand } from '@funil/shared';
import type { App } from '../src/app';
import { imageBytes, multipartFile } from './brand-fixtures';

/** Uploads a PNG of the given colour as the brand's picture, through the API; the answer. */
export async function uploadPicture(
  app: App,
  headers: Record<string, string>,
  brandId: string,
  colour = { r: 200, g: 40, b: 90 },
) {
  const body = multipartFile('image', {
    name: 'logo.png',
    type: 'image/png',
    data: await imageBytes('png', 400, 300, colour),
  });
  return app.inject({
    method: 'PUT',
    url: `/api/brands/${brandId}/image`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a picture that must be accepted; the brand as answered. */
export async function uploadedPicture(
  app: App,
  headers: Record<string, string>,
  brandId: string,
  colour?: { r: number; g: number; b: number },
): Promise<Brand> {
  const response = await uploadPicture(app, headers, brandId, colour);
  if (response.statusCode !== 200) throw new Error(`uploading a picture: ${response.body}`);
  return response.json<Brand>();
}

/** The stored name a brand's picture URL stands for: `<brand id>-<random>-<hash>.webp`. */
export const pictureNamePattern = (brand: Brand) =>
  new RegExp(`^${brand.id}-[0-9a-f]+-${brand.image_url?.split('v=')[1] ?? '-'}\\.webp$`);
