import { PROSPECTUS_YEARS, type ProspectusYear } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Grid3x3, PlusIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Offering, offeringSummaryQueryOptions, yearOfferingsQueryOptions } from '@/api/offerings';
import { DataTableStatePanel } from '@/components/data-table/data-table-state-panel';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useEditDialog } from '@/components/form/use-edit-dialog';
import { getErrorMessage } from '@/lib/http';
import { useProspectusYear } from '../hooks/use-prospectus-year';
import { buildProspectusGrid } from '../utils/prospectus-grid';
import { OfferingDetailsDialog } from './offering-details-dialog';
import { OfferingDialog } from './offering-dialog';
import { ProspectusGrid } from './prospectus-grid';
import { ProspectusLegend } from './prospectus-legend';
import { ProspectusSummary } from './prospectus-summary';

const YEAR_OPTIONS = PROSPECTUS_YEARS.map((year) => ({ value: String(year), label: String(year) }));

export type ProspectusPageProps = {
  /** Admins and managers: 'Nova cota', and each offering's Edit, Deactivate and Delete. */
  canWrite: boolean;
  /** The spreadsheet buttons of the year shown (export, import), from the route. */
  actions?: (year: ProspectusYear) => ReactNode;
};

function GridSkeleton() {
  const { t } = useTranslation('prospectus');
  return (
    <div aria-busy="true" aria-label={t('loading')} className="grid gap-4">
      <Skeleton className="h-64" />
      <Skeleton className="h-40" />
    </div>
  );
}

/**
 * /prospecto: one year's prospectus — its totals, then every offering as a grid of vertical and
 * platform by quota type, national first and then each praça, each cell what is left of it.
 * A cell opens the offering's panel with the opportunities that take it. The year is in the URL;
 * live events keep the grid and the totals current (offering-live.ts).
 */
export function ProspectusPage({ canWrite, actions }: ProspectusPageProps) {
  const { t, i18n } = useTranslation(['prospectus', 'common']);
  const [year, setYear] = useProspectusYear();
  const yearId = useId();
  const offeringsQuery = useQuery(yearOfferingsQueryOptions(year));
  const summaryQuery = useQuery(offeringSummaryQueryOptions(year));
  const offerings = offeringsQuery.data?.offerings;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const grid = useMemo(
    () =>
      offerings &&
      buildProspectusGrid(offerings, new Intl.Collator(language, { sensitivity: 'base', numeric: true })),
    [offerings, language],
  );

  const editDialog = useEditDialog<Offering>();
  // The panel shows the offering as the year's cache holds it (live); closing keeps its id, so the
  // closing panel still shows it. An offering gone from the year (deleted, moved) closes it.
  const [panel, setPanel] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const shown = panel.id === null ? undefined : offerings?.find((offering) => offering.id === panel.id);
  const closePanel = () => setPanel((previous) => ({ ...previous, open: false }));

  const newButton = canWrite && (
    <Button size="sm" onClick={editDialog.openCreate}>
      <PlusIcon aria-hidden />
      {t('actions.new')}
    </Button>
  );

  return (
    <div className="flex w-full max-w-7xl min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-2 sm:w-44">
          <Label htmlFor={yearId}>{t('year.label')}</Label>
          <OptionSelect
            value={String(year)}
            onChange={(next) => {
              closePanel();
              setYear(Number(next) as ProspectusYear);
            }}
            options={YEAR_OPTIONS}
            trigger={{ id: yearId }}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions?.(year)}
          {newButton}
        </div>
      </div>

      <ProspectusSummary year={year} summary={summaryQuery.data} />

      {grid ? (
        grid.sections.length === 0 ? (
          <div className="rounded-xl border bg-card">
            <DataTableStatePanel
              icon={<Grid3x3 className="size-10 text-muted-foreground" aria-hidden />}
              title={t('empty.title', { year })}
              description={
                canWrite ? `${t('empty.description')} ${t('empty.manage')}` : t('empty.description')
              }
            />
          </div>
        ) : (
          <div className="grid min-w-0 gap-4">
            <ProspectusLegend />
            <ProspectusGrid grid={grid} onOpen={(offering) => setPanel({ id: offering.id, open: true })} />
          </div>
        )
      ) : offeringsQuery.isError ? (
        <div className="rounded-xl border bg-card">
          <DataTableStatePanel
            role="alert"
            icon={<AlertCircle className="size-10 text-destructive" aria-hidden />}
            title={t('loadError')}
            description={getErrorMessage(offeringsQuery.error, t('loadError'))}
            action={
              <Button variant="outline" onClick={() => void offeringsQuery.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        </div>
      ) : (
        <GridSkeleton />
      )}

      <OfferingDetailsDialog
        offering={shown ?? null}
        open={panel.open && shown !== undefined}
        onOpenChange={(open) => {
          if (!open) closePanel();
        }}
        canWrite={canWrite}
        onEdit={(offering) => {
          closePanel();
          editDialog.openEdit(offering);
        }}
      />
      {canWrite && (
        <OfferingDialog
          open={editDialog.open}
          onOpenChange={editDialog.onOpenChange}
          offering={editDialog.item}
          year={year}
        />
      )}
    </div>
  );
}
