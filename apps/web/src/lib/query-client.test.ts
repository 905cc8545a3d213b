import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryKeyToUrl } from './query-client';

describe('queryKeyToUrl', () => {
  it('joins the key segments with slashes', () => {
    expect(queryKeyToUrl(['api', 'verticals'])).toEqual({ path: '/api/verticals' });
    expect(queryKeyToUrl(['/api/leads', 42])).toEqual({ path: '/api/leads/42' });
  });

  it('turns a trailing object into query parameters', () => {
    expect(queryKeyToUrl(['api', 'brands', { status: 'active', page: 2 }])).toEqual({
      path: '/api/brands',
      params: { status: 'active', page: 2 },
    });
  });
});

describe('createQueryClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the spec defaults: never stale, no refetch, no retries', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('fetches the key as a path through the HTTP helper, once, even on failure', async () => {
    const fetchMock = vi
      .fn<(input: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: [1] }), { status: 200 }))
      .mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();

    await expect(
      client.fetchQuery({ queryKey: ['api', 'franchises', { status: 'active' }] }),
    ).resolves.toEqual({
      data: [1],
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/franchises?status=active');
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('include');

    await expect(client.fetchQuery({ queryKey: ['api', 'leads'] })).rejects.toThrow('Internal Server Error');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
