import { describe, expect, it } from 'vitest';
import { getPageRange, getShownRange } from './page-range';

describe('getPageRange', () => {
  it('has no pages for an empty list', () => {
    expect(getPageRange(1, 0)).toEqual([]);
  });

  it('lists every page when they all fit', () => {
    expect(getPageRange(1, 1)).toEqual([1]);
    expect(getPageRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the first pages and the last near the start', () => {
    expect(getPageRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(getPageRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
  });

  it('shows the first and the last pages near the end', () => {
    expect(getPageRange(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(getPageRange(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('shows first, last, the current page with its neighbours and two ellipses in the middle', () => {
    expect(getPageRange(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(getPageRange(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(getPageRange(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
  });

  it('never hides a single page behind an ellipsis and keeps a constant number of slots', () => {
    for (let page = 1; page <= 12; page++) {
      const range = getPageRange(page, 12);
      expect(range).toHaveLength(7);
      const numbers = range.filter((item): item is number => typeof item === 'number');
      expect(numbers).toContain(page);
      expect(numbers[0]).toBe(1);
      expect(numbers.at(-1)).toBe(12);
      range.forEach((item, index) => {
        if (typeof item === 'number') return;
        const before = range[index - 1] as number;
        const after = range[index + 1] as number;
        expect(after - before).toBeGreaterThan(2);
      });
    }
  });

  it('clamps a current page outside the range', () => {
    expect(getPageRange(0, 3)).toEqual([1, 2, 3]);
    expect(getPageRange(99, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('widens with more siblings', () => {
    expect(getPageRange(10, 20, 2)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
  });
});

describe('getShownRange', () => {
  it('gives the rows of a full page, of the last partial page and of an empty list', () => {
    expect(getShownRange(0, 5, 12)).toEqual({ from: 1, to: 5 });
    expect(getShownRange(2, 5, 12)).toEqual({ from: 11, to: 12 });
    expect(getShownRange(0, 5, 0)).toEqual({ from: 0, to: 0 });
  });
});
