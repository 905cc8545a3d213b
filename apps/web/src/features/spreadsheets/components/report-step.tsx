import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { DownloadIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { toCsv } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { useFieldLabel } from '../hooks/use-field-labels';
import { formatCount } from '../utils/file-size';
import { notImportedRows, reportRows } from '../utils/import-report';
import { NotImportedTable } from './not-imported-table';
import { StepHeading } from './step-heading';

/** The rows listed on screen; the CSV report holds all of them. */
const SKIPPED_SHOWN = 500;

type ReportStepProps = {
  kind: SpreadsheetKind;
  report: ImportResult;
  onAgain: () => void;
  focusHeading: boolean;
};

/**
 * Step 4: what the import wrote — created, updated, unchanged, skipped rows and, for brands, the
 * contacts left out — then each row with something not imported, named, with every problem; the
 * report as a CSV made here in the browser, and the ways back to the lists (the prospectus, for its
 * offerings).
 */
export function ReportStep({ kind, report, onAgain, focusHeading }: ReportStepProps) {
  const { t, i18n } = useTranslation(['spreadsheets', 'spreadsheet']);
  const language = i18n.resolvedLanguage;
  const fieldLabel = useFieldLabel(kind);
  const headingId = useId();
  const notImported = useMemo(() => notImportedRows(kind, report), [kind, report]);
  const skippedRows = notImported.filter((row) => row.part === 'row').length;
  const shown = notImported.slice(0, SKIPPED_SHOWN);
  const count = (value: number) => formatCount(value, language);

  const downloadReport = () => {
    const rows = reportRows(kind, report, {
      row: t('wizard.report.csv.row'),
      name: t('wizard.report.csv.name'),
      result: t('wizard.report.csv.result'),
      field: t('wizard.report.csv.field'),
      message: t('wizard.report.csv.message'),
      results: {
        create: t('wizard.report.csv.created'),
        update: t('wizard.report.csv.updated'),
        unchanged: t('wizard.report.csv.unchanged'),
        skip: t('wizard.report.csv.skipped'),
      },
      withoutContact: (result) => t('wizard.report.csv.withoutContact', { result }),
      fieldLabel,
    });
    const blob = new Blob([toCsv(rows, language)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, `${t('spreadsheet:fileName.report')}.csv`);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <StepHeading id={headingId} focusOnMount={focusHeading}>
        {t('wizard.report.title')}
      </StepHeading>

      <dl
        aria-label={t('wizard.report.summaryLabel')}
        className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(9rem,1fr))]"
      >
        <Stat label={t('wizard.report.created')} value={count(report.created)} />
        <Stat label={t('wizard.report.updated')} value={count(report.updated)} />
        <Stat label={t('wizard.report.unchanged')} value={count(report.unchanged)} />
        <Stat label={t('wizard.report.skipped')} value={count(skippedRows)} />
        {kind === 'brands' && (
          <Stat label={t('wizard.report.contactsSkipped')} value={count(report.contacts_skipped)} />
        )}
      </dl>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t('wizard.report.skippedTitle')}</h3>
        {notImported.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('wizard.report.noneSkipped')}</p>
        ) : (
          <>
            <NotImportedTable kind={kind} rows={shown} label={t('wizard.report.skippedTitle')} />
            {notImported.length > shown.length && (
              <p className="text-xs text-muted-foreground">
                {t('wizard.preview.shown', {
                  shown: count(shown.length),
                  total: count(notImported.length),
                })}
              </p>
            )}
          </>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={downloadReport}>
          <DownloadIcon aria-hidden />
          {t('wizard.report.download')}
        </Button>
        {kind === 'offerings' ? (
          <Button variant="outline" asChild>
            <Link to="/prospecto">{t('wizard.report.toProspectus')}</Link>
          </Button>
        ) : (
          <>
            <Button variant="outline" asChild>
              <Link to="/marcas/gerenciar">{t('wizard.report.toBrands')}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/dashboard">{t('wizard.report.toPipeline')}</Link>
            </Button>
          </>
        )}
        <Button variant="ghost" onClick={onAgain}>
          {t('wizard.report.again')}
        </Button>
      </div>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid content-between gap-0.5 rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
