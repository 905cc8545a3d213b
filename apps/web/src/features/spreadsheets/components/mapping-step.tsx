import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { CircleCheckIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { Fragment, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { useFieldLabel } from '../hooks/use-field-labels';
import { csvColumnSamples, type CsvSamples } from '../utils/csv-samples';
import { REQUIRED_FIELDS, importFields } from '../utils/import-kind';
import { type ColumnMapping, missingRequired, previewSamples } from '../utils/import-mapping';
import { StepHeading } from './step-heading';
import { WizardError } from './wizard-error';

type MappingStepProps = {
  kind: SpreadsheetKind;
  mapping: readonly ColumnMapping[];
  result: ImportResult;
  csv: CsvSamples | null;
  analysing: boolean;
  error: string | null;
  movedFrom: { field: string; header: string } | null;
  onChange: (index: number, field: string | null) => void;
  onBack: () => void;
  onNext: () => void;
  focusHeading: boolean;
};

/**
 * Step 2: one line per column of the file — its header, a few of its values, and the field it
 * fills (the server's guess first, or "Ignorar coluna"). Each change runs the dry run again; the
 * required fields no column fills are named.
 */
export function MappingStep({
  kind,
  mapping,
  result,
  csv,
  analysing,
  error,
  movedFrom,
  onChange,
  onBack,
  onNext,
  focusHeading,
}: MappingStepProps) {
  const { t } = useTranslation('spreadsheets');
  const fieldLabel = useFieldLabel(kind);
  const headingId = useId();
  const options = useMemo(
    () => importFields(kind).map((field) => ({ value: field, label: fieldLabel(field) })),
    [kind, fieldLabel],
  );
  const missing = missingRequired(mapping, REQUIRED_FIELDS[kind]).map((group) =>
    group.length === 1
      ? fieldLabel(group[0]!)
      : t('wizard.mapping.either', { first: fieldLabel(group[0]!), second: fieldLabel(group[1]!) }),
  );

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <div className="grid gap-1">
        <StepHeading id={headingId} focusOnMount={focusHeading}>
          {t('wizard.mapping.title')}
        </StepHeading>
        <p className="text-sm text-muted-foreground">{t('wizard.mapping.description')}</p>
      </div>

      <div className="grid gap-2">
        <div
          aria-hidden
          className="hidden gap-4 px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_16rem]"
        >
          <span>{t('wizard.mapping.header')}</span>
          <span>{t('wizard.mapping.samples')}</span>
          <span>{t('wizard.mapping.field')}</span>
        </div>
        <ul aria-label={t('wizard.mapping.tableLabel')} className="grid gap-2">
          {mapping.map((column, index) => {
            const samples = csvColumnSamples(csv, column, index);
            const shown = samples.length > 0 ? samples : previewSamples(result.preview, column.field);
            const header = column.header || t('wizard.mapping.emptyHeader');
            return (
              <li
                // Headers may repeat in a file; the position tells the columns apart.
                key={index}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_16rem] sm:items-center sm:gap-4"
              >
                <span className="font-medium break-words">{header}</span>
                <span className="min-w-0 text-sm text-muted-foreground">
                  <span className="sr-only">{t('wizard.mapping.samples')}: </span>
                  {shown.length > 0 ? <Samples values={shown} /> : t('wizard.mapping.noSamples')}
                </span>
                <OptionSelect
                  value={column.field ?? ''}
                  onChange={(value) => onChange(index, value === '' ? null : value)}
                  options={options}
                  noneLabel={t('wizard.mapping.ignore')}
                  trigger={{ 'aria-label': t('wizard.mapping.selectLabel', { header }) }}
                />
              </li>
            );
          })}
        </ul>
      </div>

      <div aria-live="polite" className="grid gap-2 text-sm">
        {missing.length > 0 ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-3">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('wizard.mapping.missingRequired', { fields: missing.join(', ') })}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-muted-foreground">
            <CircleCheckIcon aria-hidden className="size-4 shrink-0" />
            {t('wizard.mapping.allRequired')}
          </p>
        )}
        {movedFrom && (
          <p className="text-muted-foreground">
            {t('wizard.mapping.moved', { field: fieldLabel(movedFrom.field), header: movedFrom.header })}
          </p>
        )}
        {analysing && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircleIcon aria-hidden className="size-4 motion-safe:animate-spin" />
            {t('wizard.mapping.reanalysing')}
          </p>
        )}
      </div>

      <WizardError message={error} />

      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        <Button onClick={onNext} disabled={analysing || error !== null}>
          {t('wizard.mapping.next')}
        </Button>
      </div>
    </section>
  );
}

/**
 * A column's examples, each kept whole on its line (an email or a CNPJ is never broken inside),
 * one longer than the column cut with an ellipsis.
 */
function Samples({ values }: { values: readonly string[] }) {
  return values.map((value, index) => (
    <Fragment key={index}>
      {index > 0 && ' · '}
      <span title={value} className="inline-block max-w-full truncate align-bottom">
        {value}
      </span>
    </Fragment>
  ));
}
