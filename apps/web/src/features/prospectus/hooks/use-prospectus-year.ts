import type { ProspectusYear } from '@funil/shared';
import { useSearchParams } from 'react-router';
import { currentProspectusYear, yearFromParam } from '../utils/prospectus-year';

const YEAR_PARAM = 'ano';

/**
 * The year the screen shows, kept in the URL (`?ano=2027`) so a reload or a shared link opens on
 * it; without one, this year's prospectus.
 */
export function useProspectusYear(): [ProspectusYear, (year: ProspectusYear) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = yearFromParam(searchParams.get(YEAR_PARAM)) ?? currentProspectusYear();
  const setYear = (next: ProspectusYear) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(YEAR_PARAM, String(next));
        return params;
      },
      { replace: true },
    );
  return [year, setYear];
}
