import { LIST_DEFAULT_LIMIT } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { paginate, type PageWindow } from './pagination';

const ROWS = Array.from({ length: 45 }, (_, index) => index + 1);

/** A list of 45 numbers, paged the way a query with LIMIT/OFFSET would. */
const list = (query: { page?: number; limit?: number }) => {
  const windows: PageWindow[] = [];
  const answer = paginate(
    query,
    async () => ROWS.length,
    async (window) => {
      windows.push(window);
      return window ? ROWS.slice(window.offset, window.offset + window.limit) : ROWS;
    },
  );
  return { answer, windows };
};

describe('paginate', () => {
  it('answers every row on one page when neither page nor limit is asked', async () => {
    const { answer, windows } = list({});
    expect(await answer).toEqual({ data: ROWS, total: 45, page: 1, limit: 45 });
    expect(windows).toEqual([null]);
  });

  it('pages by the default limit when only the page is given', async () => {
    const { answer, windows } = list({ page: 2 });
    const result = await answer;
    expect(windows).toEqual([{ limit: LIST_DEFAULT_LIMIT, offset: LIST_DEFAULT_LIMIT }]);
    expect(result).toMatchObject({ total: 45, page: 2, limit: LIST_DEFAULT_LIMIT });
    expect(result.data[0]).toBe(LIST_DEFAULT_LIMIT + 1);
  });

  it('starts at page 1 when only the limit is given, and answers an empty page past the end', async () => {
    expect(await list({ limit: 10 }).answer).toEqual({
      data: ROWS.slice(0, 10),
      total: 45,
      page: 1,
      limit: 10,
    });
    expect(await list({ page: 5, limit: 10 }).answer).toEqual({
      data: [41, 42, 43, 44, 45],
      total: 45,
      page: 5,
      limit: 10,
    });
    expect(await list({ page: 6, limit: 10 }).answer).toEqual({ data: [], total: 45, page: 6, limit: 10 });
  });

  it('asks for the count and the rows together', async () => {
    const started: string[] = [];
    let releaseCount = () => {};
    const countGate = new Promise<void>((resolve) => (releaseCount = resolve));
    const answer = paginate(
      { page: 1, limit: 5 },
      async () => {
        started.push('count');
        await countGate;
        return 0;
      },
      async () => {
        started.push('rows');
        return [];
      },
    );
    await Promise.resolve();
    expect(started).toEqual(['count', 'rows']);
    releaseCount();
    await answer;
  });
});
