import {
  IMPORT_DUPLICATE_POLICIES,
  IMPORT_ROW_ACTIONS,
  type ImportDuplicatePolicy,
  type ImportResult,
  type SpreadsheetKind,
} from '@funil/shared';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { ColumnMapping } from '../utils/import-mapping';
import { formatCount } from '../utils/file-size';
import { contactSkippedRows, mappedFields, previewCounts } from '../utils/preview-counts';
import { ActionLegend, type LegendEntry } from './action-legend';
import { PreviewTable } from './preview-table';
import { StepHeading } from './step-heading';
import { WizardError } from './wizard-error';

type PreviewStepProps = {
  kind: SpreadsheetKind;
  fileName: string;
  result: ImportResult;
  mapping: readonly ColumnMapping[];
  onDuplicate: ImportDuplicatePolicy;
  onDuplicateChange: (policy: ImportDuplicatePolicy) => void;
  pending: 'analyse' | 'commit' | null;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
  focusHeading: boolean;
};

/**
 * Step 3: every row as the import would write it, with its problems; the counts; a filter for the
 * rows with problems; what to do with records that already exist (which runs the dry run again);
 * and "Importar N linhas", the only button that writes.
 */
export function PreviewStep({
  kind,
  fileName,
  result,
  mapping,
  onDuplicate,
  onDuplicateChange,
  pending,
  error,
  onBack,
  onConfirm,
  focusHeading,
}: PreviewStepProps) {
  const { t, i18n } = useTranslation('spreadsheets');
  const language = i18n.resolvedLanguage;
  const ids = { heading: useId(), onlyIssues: useId(), duplicates: useId() };
  const [onlyIssues, setOnlyIssues] = useState(false);
  const counts = useMemo(() => previewCounts(result), [result]);
  const withoutContact = useMemo(() => contactSkippedRows(result.skipped), [result.skipped]);
  // The legend explains the actions this file's rows have, in the table's order of importance.
  const legend = useMemo(() => {
    const entries: LegendEntry[] = IMPORT_ROW_ACTIONS.filter((action) => counts[action] > 0);
    if (counts.contactsSkipped > 0) entries.push('withoutContact');
    return entries;
  }, [counts]);
  const rows = useMemo(
    () => (onlyIssues ? result.preview.filter((row) => row.issues.length > 0) : result.preview),
    [onlyIssues, result.preview],
  );
  const fields = useMemo(() => mappedFields(mapping), [mapping]);
  const busy = pending !== null;

  return (
    <section aria-labelledby={ids.heading} className="grid gap-5">
      <div className="grid gap-1">
        <StepHeading id={ids.heading} focusOnMount={focusHeading}>
          {t('wizard.preview.title')}
        </StepHeading>
        <p className="text-sm break-all text-muted-foreground">
          {t('wizard.preview.description', { file: fileName, count: result.rows })}
        </p>
      </div>

      <ul
        aria-label={t('wizard.preview.countersLabel')}
        className="flex flex-wrap gap-2 text-sm"
        aria-live="polite"
      >
        <Counter>{t('wizard.preview.toCreate', { count: counts.create })}</Counter>
        <Counter>{t('wizard.preview.toUpdate', { count: counts.update })}</Counter>
        <Counter>{t('wizard.preview.toUnchanged', { count: counts.unchanged })}</Counter>
        <Counter alert={counts.skip > 0}>{t('wizard.preview.toSkip', { count: counts.skip })}</Counter>
        {counts.contactsSkipped > 0 && (
          <Counter alert>{t('wizard.preview.withoutContact', { count: counts.contactsSkipped })}</Counter>
        )}
      </ul>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2" disabled={busy}>
          <legend className="mb-2 text-sm font-medium sm:float-left sm:mr-4 sm:mb-0">
            {t('wizard.preview.duplicatesLegend')}
          </legend>
          {IMPORT_DUPLICATE_POLICIES.map((policy) => (
            <label key={policy} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.duplicates}
                value={policy}
                checked={onDuplicate === policy}
                onChange={() => onDuplicateChange(policy)}
                className="size-4 accent-primary"
              />
              {t(`wizard.preview.duplicates.${policy}`)}
            </label>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          <Checkbox
            id={ids.onlyIssues}
            checked={onlyIssues}
            onCheckedChange={(checked) => setOnlyIssues(checked === true)}
          />
          <Label htmlFor={ids.onlyIssues}>{t('wizard.preview.onlyIssues')}</Label>
        </div>
      </div>

      <ActionLegend kind={kind} entries={legend} />

      {rows.length > 0 ? (
        <PreviewTable
          kind={kind}
          rows={rows}
          fields={fields}
          total={result.preview.length}
          withoutContact={withoutContact}
        />
      ) : (
        <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
          {onlyIssues ? t('wizard.preview.noIssueRows') : t('wizard.preview.noRows')}
        </p>
      )}
      {onlyIssues && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {t('wizard.preview.shown', {
            shown: formatCount(rows.length, language),
            total: formatCount(result.preview.length, language),
          })}
        </p>
      )}

      <div aria-live="polite" className="text-sm text-muted-foreground">
        {pending === 'analyse' && (
          <p className="flex items-center gap-2">
            <LoaderCircleIcon aria-hidden className="size-4 motion-safe:animate-spin" />
            {t('wizard.mapping.reanalysing')}
          </p>
        )}
        {pending === null && counts.toWrite === 0 && (
          <p>
            {counts.unchanged > 0 ? t('wizard.preview.nothingChanged') : t('wizard.preview.nothingToImport')}
          </p>
        )}
      </div>

      <WizardError message={error} />

      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={onBack} disabled={pending === 'commit'}>
          {t('wizard.back')}
        </Button>
        <Button onClick={onConfirm} disabled={busy || counts.toWrite === 0 || error !== null}>
          {pending === 'commit' && <LoaderCircleIcon aria-hidden className="motion-safe:animate-spin" />}
          {pending === 'commit'
            ? t('wizard.preview.importing')
            : t('wizard.preview.confirm', {
                count: counts.toWrite,
                formatted: formatCount(counts.toWrite, language),
              })}
        </Button>
      </div>
    </section>
  );
}

function Counter({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <li
      className={cn(
        'rounded-md border px-2.5 py-1 font-medium tabular-nums',
        alert && 'border-destructive/60 text-destructive',
      )}
    >
      {children}
    </li>
  );
}
