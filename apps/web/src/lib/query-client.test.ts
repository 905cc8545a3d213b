import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('keeps data until told otherwise: never stale, no refetch, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('asks a failing query once', async () => {
    const queryFn = vi.fn().mockRejectedValue(new Error('500'));
    await expect(createQueryClient().fetchQuery({ queryKey: ['x'], queryFn })).rejects.toThrow('500');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
