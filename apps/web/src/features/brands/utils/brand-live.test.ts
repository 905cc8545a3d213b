import type { BrandListQuery, LiveEvent } from '@funil/shared';
import { brandSchema } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type Brand, brandKeys } from '@/api/brands';
import { contactKeys } from '@/api/contacts';
import { apiBrand, apiContact, apiList } from '@/test/api-fixtures';
import { contactSchema } from '@funil/shared';
import { applyLiveEventsToBrandList, patchBrandCaches } from './brand-live';

const by = { id: 'ana-id', name: 'Ana' };
const at = '2026-11-24T12:00:00.000Z';
const params = (extra: Partial<BrandListQuery> = {}): BrandListQuery => ({ page: 1, limit: 20, ...extra });
const updated = (record: Brand): LiveEvent => ({ type: 'brand.updated', id: record.id, by, at, record });
const none = new Set<string | null>();

describe('brand live patch', () => {
  const cobalto = apiBrand('Cobalto');
  const list = apiList(brandSchema, [cobalto], { total: 1, limit: 20 });

  it('patches a brand in place, and reads the page again when it may move or leave', () => {
    const described = applyLiveEventsToBrandList(
      list,
      params(),
      [updated({ ...cobalto, description: 'Tintas' })],
      none,
    );
    expect(described.stale).toBe(false);
    expect(described.list.data[0]!.description).toBe('Tintas');
    expect(
      applyLiveEventsToBrandList(
        list,
        params({ sort: 'name' }),
        [updated({ ...cobalto, name: 'Zinco' })],
        none,
      ).stale,
    ).toBe(true);
    const inactive = applyLiveEventsToBrandList(
      list,
      params({ status: 'active' }),
      [updated({ ...cobalto, status: 'inactive' })],
      none,
    );
    expect(inactive).toMatchObject({ stale: true, list: { data: [], total: 0 } });
    const createdInactive: LiveEvent = {
      type: 'brand.created',
      id: 'n',
      by,
      at,
      record: { ...cobalto, id: 'n', status: 'inactive' },
    };
    expect(
      applyLiveEventsToBrandList(list, params({ status: 'active' }), [createdInactive], none).stale,
    ).toBe(false);
  });

  it('reads the brand page again (for its new version) when the brand or one of its contacts changed', () => {
    const queryClient = new QueryClient();
    const details = { record: cobalto, etag: '"7"' };
    queryClient.setQueryData(brandKeys.detail(cobalto.id), details);
    const contact = apiContact('João', { brand_id: cobalto.id });
    queryClient.setQueryData(contactKeys.brandList(cobalto.id), apiList(contactSchema, [contact]));
    const markStale = vi.fn();
    // The user's own save, already in the cache with its version: nothing to do.
    patchBrandCaches(queryClient, [updated(cobalto)], { markStale });
    expect(markStale).not.toHaveBeenCalled();
    patchBrandCaches(queryClient, [updated({ ...cobalto, name: 'Cobalto Tintas' })], { markStale });
    expect(markStale).toHaveBeenCalledWith(brandKeys.detail(cobalto.id));
    // The cached record keeps its version until it is read again.
    expect(queryClient.getQueryData(brandKeys.detail(cobalto.id))).toBe(details);
    markStale.mockClear();
    patchBrandCaches(queryClient, [{ type: 'contact.deleted', id: contact.id, by, at }], { markStale });
    expect(markStale).toHaveBeenCalledWith(brandKeys.detail(cobalto.id));
  });
});
