import { PROSPECTUS_YEARS, type ProspectusYear } from '@funil/shared';

const isProspectusYear = (year: number): year is ProspectusYear =>
  (PROSPECTUS_YEARS as readonly number[]).includes(year);

/**
 * The prospectus a screen opens on: this calendar year's; before the first year on sale the first,
 * after the last the last.
 */
export function currentProspectusYear(today: Date = new Date()): ProspectusYear {
  const year = today.getFullYear();
  if (isProspectusYear(year)) return year;
  return year < PROSPECTUS_YEARS[0] ? PROSPECTUS_YEARS[0] : PROSPECTUS_YEARS[PROSPECTUS_YEARS.length - 1]!;
}

/** The year a link names (`?ano=2027`), or null when it names none on sale. */
export function yearFromParam(param: string | null): ProspectusYear | null {
  if (param === null || !/^\d{4}$/.test(param)) return null;
  const year = Number(param);
  return isProspectusYear(year) ? year : null;
}
