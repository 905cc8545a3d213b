import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { boardQueryOptions } from './hooks/use-board';
import { prefetchBoard } from './prefetch-board';
import { board } from './test-board';

const paramsOf = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('prefetchBoard', () => {
  it("asks for the board of the link's filters, into the cache the board reads", async () => {
    const api = stubApi({ 'GET /api/leads/board': { body: board({}) } });
    const queryClient = createQueryClient();
    localStorage.setItem(STORAGE_KEYS.leadFilterYear, '2026');

    prefetchBoard(queryClient, new URLSearchParams('stale=true&year=2027'), localStorage);

    const filters = { stale: true, prospectus_year: 2027 };
    await expect
      .poll(() => queryClient.getQueryData(boardQueryOptions(filters).queryKey)?.filters)
      .toEqual(filters);
    const [call] = api.calls('GET /api/leads/board');
    expect(paramsOf(call!.url).get('stale')).toBe('true');
    expect(paramsOf(call!.url).get('prospectus_year')).toBe('2027');
    expect(paramsOf(call!.url).get('limit')).toBe('20');
  });

  it('asks with the filters kept from the last visit when the link names none', async () => {
    const api = stubApi({ 'GET /api/leads/board': { body: board({}) } });
    localStorage.setItem(STORAGE_KEYS.leadFilterYear, '2026');

    prefetchBoard(createQueryClient(), new URLSearchParams(), localStorage);

    await expect.poll(() => api.calls('GET /api/leads/board').length).toBe(1);
    expect(paramsOf(api.calls('GET /api/leads/board')[0]!.url).get('prospectus_year')).toBe('2026');
  });

  it('asks for nothing when the user keeps the list view', () => {
    const api = stubApi({});
    localStorage.setItem(STORAGE_KEYS.leadViewMode, 'list');

    prefetchBoard(createQueryClient(), new URLSearchParams('stale=true'), localStorage);

    expect(api.requests).toEqual([]);
  });
});
