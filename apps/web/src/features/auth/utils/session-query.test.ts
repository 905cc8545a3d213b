import { describe, expect, it } from 'vitest';
import { authKeys } from '@/api/auth';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { apiUser, stubApi } from '@/test/api-stub';
import { prefetchStoredSession } from './session-query';

describe('prefetchStoredSession', () => {
  it('checks a stored session with the server, into the cache the auth provider reads', async () => {
    const user = apiUser();
    const api = stubApi({ 'GET /api/auth/me': { body: user } });
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const queryClient = createQueryClient();

    prefetchStoredSession(queryClient);

    await expect.poll(() => queryClient.getQueryData(authKeys.me())).toEqual(user);
    expect(api.calls('GET /api/auth/me')[0]?.headers.get('Authorization')).toBe('Bearer token');
  });

  it('asks nothing without a stored session', () => {
    const api = stubApi({});
    prefetchStoredSession(createQueryClient());
    expect(api.requests).toEqual([]);
  });
});
