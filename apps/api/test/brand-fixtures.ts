import { randomUUID } from 'node:crypto';
import type { Brand, Contact } from '@funil/shared';
import sharp from 'sharp';
import type { App } from '../src/app';

/** Valid CNPJs of both formats, for brands in tests. */
export const NUMERIC_CNPJ = '11.222.333/0001-81';
export const ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';

/** Creates a brand through the API (as `headers`' user) and returns it. */
export async function createBrandVia(
  app: App,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<Brand> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/brands',
    headers,
    payload: {
      name: `Marca ${randomUUID().slice(0, 6)}`,
      company_name: 'Empresa Ltda',
      cnpj: NUMERIC_CNPJ,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`creating a brand: ${response.body}`);
  return response.json<Brand>();
}

/** Creates a contact through the API and returns it. */
export async function createContactVia(
  app: App,
  headers: Record<string, string>,
  brandId: string,
  overrides: Record<string, unknown> = {},
): Promise<Contact> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers,
    payload: {
      brand_id: brandId,
      first_name: 'Ana',
      last_name: 'Souza',
      email: `ana-${randomUUID().slice(0, 6)}@marca.com.br`,
      phone_number: '5511999999999',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`creating a contact: ${response.body}`);
  return response.json<Contact>();
}

/** A real picture of the given format and size, made by sharp (solid colour). */
export async function imageBytes(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width = 800,
  height = 600,
  color = { r: 200, g: 40, b: 90 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  field: string,
  file: { name: string; type: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----funil${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
