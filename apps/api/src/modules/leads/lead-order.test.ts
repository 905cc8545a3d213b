import { describe, expect, it } from 'vitest';
import { isDefaultLeadOrder, resolveLeadOrder } from './lead-order';

describe('lead order', () => {
  it('is newest first without sort, ascending with a sort and no order', () => {
    expect(resolveLeadOrder({})).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(resolveLeadOrder({ order: 'asc' })).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(resolveLeadOrder({ sort: 'brand' })).toEqual({ field: 'brand', direction: 'asc' });
    expect(resolveLeadOrder({ sort: 'credit', order: 'desc' })).toEqual({
      field: 'credit',
      direction: 'desc',
    });
  });

  it('lets a cursor follow only createdAt desc', () => {
    expect(isDefaultLeadOrder(resolveLeadOrder({}))).toBe(true);
    expect(isDefaultLeadOrder(resolveLeadOrder({ sort: 'createdAt', order: 'desc' }))).toBe(true);
    expect(isDefaultLeadOrder(resolveLeadOrder({ sort: 'createdAt' }))).toBe(false);
    expect(isDefaultLeadOrder(resolveLeadOrder({ sort: 'invest', order: 'desc' }))).toBe(false);
  });
});
