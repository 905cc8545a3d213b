import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { DownloadIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toCsv } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { useFieldLabel } from '../hooks/use-field-labels';
import { formatCount } from '../utils/file-size';
import { reportRows } from '../utils/import-report';
import { StepHeading } from './step-heading';

/** The skipped rows listed on screen; the CSV report holds all of them. */
const SKIPPED_SHOWN = 500;

type ReportStepProps = {
  kind: SpreadsheetKind;
  report: ImportResult;
  onAgain: () => void;
  focusHeading: boolean;
};

/**
 * Step 4: what the import wrote — created, updated, skipped with each row's reason — the report
 * as a CSV made here in the browser, and the ways back to the lists.
 */
export function ReportStep({ kind, report, onAgain, focusHeading }: ReportStepProps) {
  const { t, i18n } = useTranslation(['spreadsheets', 'spreadsheet']);
  const language = i18n.resolvedLanguage;
  const fieldLabel = useFieldLabel(kind);
  const headingId = useId();
  const skippedId = useId();
  const shown = report.skipped.slice(0, SKIPPED_SHOWN);

  const downloadReport = () => {
    const rows = reportRows(report, {
      row: t('wizard.report.csv.row'),
      result: t('wizard.report.csv.result'),
      field: t('wizard.report.csv.field'),
      message: t('wizard.report.csv.message'),
      results: {
        create: t('wizard.report.csv.created'),
        update: t('wizard.report.csv.updated'),
        unchanged: t('wizard.report.csv.unchanged'),
        skip: t('wizard.report.csv.skipped'),
      },
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

      <dl aria-label={t('wizard.report.summaryLabel')} className="grid grid-cols-3 gap-2 sm:max-w-lg">
        <Stat label={t('wizard.report.created')} value={formatCount(report.created, language)} />
        <Stat label={t('wizard.report.updated')} value={formatCount(report.updated, language)} />
        <Stat label={t('wizard.report.skipped')} value={formatCount(report.skipped.length, language)} />
      </dl>

      <div className="grid gap-2">
        <h3 id={skippedId} className="text-sm font-medium">
          {t('wizard.report.skippedTitle')}
        </h3>
        {report.skipped.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('wizard.report.noneSkipped')}</p>
        ) : (
          <>
            <div className="max-h-96 overflow-auto rounded-md border">
              <Table aria-labelledby={skippedId}>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-20">{t('wizard.report.row')}</TableHead>
                    <TableHead>{t('wizard.report.field')}</TableHead>
                    <TableHead>{t('wizard.report.reason')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((skipped, index) => (
                    <TableRow key={`${skipped.row}-${index}`}>
                      <TableCell className="tabular-nums">{skipped.row}</TableCell>
                      <TableCell className="whitespace-normal">{fieldLabel(skipped.field)}</TableCell>
                      <TableCell className="whitespace-normal">{skipped.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {report.skipped.length > shown.length && (
              <p className="text-xs text-muted-foreground">
                {t('wizard.preview.shown', {
                  shown: formatCount(shown.length, language),
                  total: formatCount(report.skipped.length, language),
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
        <Button variant="outline" asChild>
          <Link to="/marcas/gerenciar">{t('wizard.report.toBrands')}</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard">{t('wizard.report.toPipeline')}</Link>
        </Button>
        <Button variant="ghost" onClick={onAgain}>
          {t('wizard.report.again')}
        </Button>
      </div>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
