import type { LeadCreate, LeadCreateInput } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import type { Lead } from '@/api/leads';
import { offeringListQueryOptions } from '@/api/offerings';
import { pipelineSettingsQueryOptions } from '@/api/pipeline-settings';
import { type StockPreview, stockPreview } from '../utils/stock-preview';

/** Offerings of one year, vertical, platform and quota: one national and one per praça at most. */
const OFFERINGS_PAGE = 100;

export type LeadStockPreviewState =
  /** Year, vertical, platform or quota not chosen yet: nothing to show. */
  | { status: 'incomplete' }
  | { status: 'loading' }
  | { status: 'error' }
  | (StockPreview & {
      status: 'ready';
      /**
       * The offerings the lead being edited holds a unit of now (its saved status holds a quota):
       * their availability already counts it.
       */
      heldByLead: ReadonlySet<string>;
    });

/**
 * The prospectus's offerings the opportunity on the form would take, as the form's year,
 * vertical, platform, quota, praças and credit stand: read from `GET /api/offerings` (active ones
 * of that key), kept to the national one and those of the chosen praças.
 */
export function useLeadStockPreview(
  control: Control<LeadCreateInput, unknown, LeadCreate>,
  lead: Lead | null,
): LeadStockPreviewState {
  const [year, vertical, platform, quota, franchises, credit] = useWatch({
    control,
    name: ['prospectus_year', 'vertical', 'platform', 'quota', 'franchises', 'credit'],
  });
  const prospectusYear = Number(year);
  const complete =
    Number.isInteger(prospectusYear) && prospectusYear > 0 && !!vertical && !!platform && !!quota;
  const offerings = useQuery({
    ...offeringListQueryOptions({
      prospectus_year: prospectusYear,
      vertical,
      platform,
      quota,
      status: 'active',
      limit: OFFERINGS_PAGE,
    }),
    enabled: complete,
  });
  // Whether the saved lead holds its offerings depends on its status's `holds_quota`: asked only
  // for a lead that takes some offering.
  const asksSettings = complete && (lead?.stock.length ?? 0) > 0;
  const settings = useQuery({ ...pipelineSettingsQueryOptions(), enabled: asksSettings });

  if (!complete) return { status: 'incomplete' };
  if (offerings.isError) return { status: 'error' };
  if (!offerings.data) return { status: 'loading' };
  const preview = stockPreview(
    offerings.data.data,
    franchises ?? [],
    typeof credit === 'number' ? credit : Number(credit ?? 0) || 0,
  );
  const holds =
    lead !== null &&
    settings.data?.statuses.find((setting) => setting.contract_status === lead.contract_status)
      ?.holds_quota === true;
  const heldByLead = new Set(holds ? lead.stock.map((item) => item.offering_id) : []);
  return { status: 'ready', ...preview, heldByLead };
}
