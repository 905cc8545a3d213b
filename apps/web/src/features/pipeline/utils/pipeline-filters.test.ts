import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  hasFilterParams,
  readStoredFilters,
  storeFilters,
  toLeadFilterParams,
  withFilterParams,
} from './pipeline-filters';

const filters = {
  brand: 'Nat ',
  vertical: 'v-1',
  quota: '',
  platform: 'p-1',
  year: '2027',
  franchises: ['Recife', 'São Paulo'],
  stale: '',
  task: '',
};

describe('pipeline filters', () => {
  it('counts the filters in use, the franchises as one', () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(countActiveFilters(filters)).toBe(5);
    expect(countActiveFilters({ ...EMPTY_FILTERS, brand: '   ' })).toBe(0);
  });

  it('goes through the URL and back, keeping the other parameters', () => {
    const params = withFilterParams(new URLSearchParams('view=list'), filters);
    expect(params.toString()).toBe(
      'view=list&brand=Nat&vertical=v-1&platform=p-1&year=2027&franchise=Recife&franchise=S%C3%A3o+Paulo',
    );
    expect(hasFilterParams(params)).toBe(true);
    expect(filtersFromSearchParams(params)).toEqual({ ...filters, brand: 'Nat' });
    expect(withFilterParams(params, EMPTY_FILTERS).toString()).toBe('view=list');
    expect(hasFilterParams(new URLSearchParams('view=list'))).toBe(false);
  });

  it('ignores a year the pipeline does not have and repeated franchises from a hand-made link', () => {
    const parsed = filtersFromSearchParams(
      new URLSearchParams('year=1999&franchise=Rio&franchise=Rio&franchise='),
    );
    expect(parsed.year).toBe('');
    expect(parsed.franchises).toEqual(['Rio']);
  });

  it('keeps each filter in its leadFilter_* key and reads it back', () => {
    storeFilters(localStorage, filters);
    expect(localStorage.getItem('leadFilter_brand')).toBe('Nat ');
    expect(localStorage.getItem('leadFilter_year')).toBe('2027');
    expect(localStorage.getItem('leadFilter_franchises')).toBe('["Recife","São Paulo"]');
    expect(localStorage.getItem('leadFilter_quota')).toBeNull();
    expect(readStoredFilters(localStorage)).toEqual(filters);

    storeFilters(localStorage, EMPTY_FILTERS);
    const keys = Object.keys(localStorage);
    expect(keys.filter((key) => key.startsWith('leadFilter_'))).toEqual([]);
  });

  it('carries the "Parados" choice in the stale parameter and its leadFilter_stale key', () => {
    const stale = { ...EMPTY_FILTERS, stale: 'true' };
    const params = withFilterParams(new URLSearchParams(), stale);
    expect(params.toString()).toBe('stale=true');
    expect(filtersFromSearchParams(params)).toEqual(stale);
    expect(countActiveFilters(stale)).toBe(1);
    expect(toLeadFilterParams(stale)).toEqual({ stale: true });
    expect(toLeadFilterParams({ ...EMPTY_FILTERS, stale: 'false' })).toEqual({ stale: false });
    expect(filtersFromSearchParams(new URLSearchParams('stale=maybe')).stale).toBe('');

    storeFilters(localStorage, { ...EMPTY_FILTERS, stale: 'false' });
    expect(localStorage.getItem('leadFilter_stale')).toBe('false');
    expect(readStoredFilters(localStorage).stale).toBe('false');
    storeFilters(localStorage, EMPTY_FILTERS);
  });

  it('carries the tasks choice in the task parameter and its leadFilter_task key', () => {
    const overdue = { ...EMPTY_FILTERS, task: 'overdue' };
    const params = withFilterParams(new URLSearchParams('view=list'), overdue);
    expect(params.toString()).toBe('view=list&task=overdue');
    expect(filtersFromSearchParams(params)).toEqual(overdue);
    expect(countActiveFilters(overdue)).toBe(1);
    expect(toLeadFilterParams(overdue)).toEqual({ task: 'overdue' });
    expect(toLeadFilterParams({ ...EMPTY_FILTERS, task: 'none' })).toEqual({ task: 'none' });
    expect(filtersFromSearchParams(new URLSearchParams('task=later')).task).toBe('');

    storeFilters(localStorage, { ...EMPTY_FILTERS, task: 'open' });
    expect(localStorage.getItem('leadFilter_task')).toBe('open');
    expect(readStoredFilters(localStorage).task).toBe('open');
    storeFilters(localStorage, EMPTY_FILTERS);
    expect(localStorage.getItem('leadFilter_task')).toBeNull();
  });

  it('survives a broken stored value', () => {
    localStorage.setItem('leadFilter_franchises', '{not json');
    expect(readStoredFilters(localStorage).franchises).toEqual([]);
  });

  it('asks the API with its own names, franchises in a stable order', () => {
    expect(toLeadFilterParams(filters)).toEqual({
      search: 'Nat',
      vertical: 'v-1',
      platform: 'p-1',
      prospectus_year: 2027,
      franchise: ['Recife', 'São Paulo'],
    });
    expect(toLeadFilterParams({ ...EMPTY_FILTERS, franchises: ['Rio', 'Recife'] })).toEqual({
      franchise: ['Recife', 'Rio'],
    });
    expect(toLeadFilterParams(EMPTY_FILTERS)).toEqual({});
  });
});
