import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { apiBrand, apiLead } from '@/test/api-fixtures';
import { getBrand, updateBrand } from './brands';
import { getLead, saveLeadEdit, updateLead } from './leads';

const LEAD = apiLead('Q1 2026');
const BRAND = apiBrand('Café Serra Azul');

afterEach(() => vi.unstubAllGlobals());

describe('records an edit form saves over their version', () => {
  it('keeps the ETag of a lead it loads, and sends it back as If-Match on save', async () => {
    const api = stubApi({
      [`GET /api/leads/${LEAD.id}`]: { body: LEAD, headers: { ETag: '"101"' } },
      [`PATCH /api/leads/${LEAD.id}`]: { body: LEAD, headers: { ETag: '"102"' } },
    });
    const loaded = await getLead(LEAD.id);
    expect(loaded).toEqual({ record: LEAD, etag: '"101"' });
    const saved = await saveLeadEdit(LEAD.id, { assessment: 'Q2' }, loaded.etag);
    expect(api.calls(`PATCH /api/leads/${LEAD.id}`)[0]!.headers.get('If-Match')).toBe('"101"');
    expect(saved.etag).toBe('"102"');
  });

  it('sends no If-Match without a version, nor on a drag', async () => {
    const api = stubApi({ [`PATCH /api/leads/${LEAD.id}`]: { body: LEAD } });
    await saveLeadEdit(LEAD.id, { assessment: 'Q2' }, null);
    await updateLead(LEAD.id, { contract_status: 'morno' });
    for (const call of api.calls(`PATCH /api/leads/${LEAD.id}`))
      expect(call.headers.has('If-Match')).toBe(false);
  });

  it('does the same for a brand', async () => {
    const api = stubApi({
      [`GET /api/brands/${BRAND.id}`]: { body: BRAND, headers: { ETag: '"7"' } },
      [`PATCH /api/brands/${BRAND.id}`]: { status: 412, body: { statusCode: 412, message: 'alterado' } },
    });
    const loaded = await getBrand(BRAND.id);
    await expect(updateBrand(BRAND.id, { name: 'Outra' }, loaded.etag)).rejects.toMatchObject({
      status: 412,
    });
    expect(api.calls(`PATCH /api/brands/${BRAND.id}`)[0]!.headers.get('If-Match')).toBe('"7"');
  });
});
