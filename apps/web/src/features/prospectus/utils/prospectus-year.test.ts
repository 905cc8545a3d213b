import { describe, expect, it } from 'vitest';
import { currentProspectusYear, yearFromParam } from './prospectus-year';

describe('prospectus year', () => {
  it("opens on this year's prospectus, or the nearest year on sale", () => {
    expect(currentProspectusYear(new Date(2027, 5, 1))).toBe(2027);
    expect(currentProspectusYear(new Date(2025, 11, 31))).toBe(2026);
    expect(currentProspectusYear(new Date(2031, 0, 1))).toBe(2028);
  });

  it('takes a year from a link only when it is on sale', () => {
    expect(yearFromParam('2028')).toBe(2028);
    expect(yearFromParam('2025')).toBeNull();
    expect(yearFromParam('2027abc')).toBeNull();
    expect(yearFromParam(null)).toBeNull();
  });
});
