import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type SpreadsheetKind } from '@funil/shared';
import { FileSpreadsheetIcon, LoaderCircleIcon, ShieldCheckIcon, UploadIcon } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useFieldLabel } from '../hooks/use-field-labels';
import { formatCount, formatFileSize } from '../utils/file-size';
import {
  type FileRefusal,
  IMPORT_ACCEPT,
  REQUIRED_FIELDS,
  fileRefusal,
  importFields,
} from '../utils/import-kind';
import { StepHeading } from './step-heading';
import { WizardError } from './wizard-error';

type ChooseStepProps = {
  kind: SpreadsheetKind;
  /** The kinds the user may import, in the order offered. */
  kinds: readonly SpreadsheetKind[];
  onKindChange: (kind: SpreadsheetKind) => void;
  /** The file chosen before (coming back to this step), if any. */
  initialFile: File | null;
  analysing: boolean;
  serverError: string | null;
  onAnalyse: (file: File) => void;
  focusHeading: boolean;
};

/**
 * Step 1: what to import and the file (dropped or chosen), checked here for its type and size
 * before anything is sent, with the columns the kind expects and the promise that nothing is
 * written until the user confirms.
 */
export function ChooseStep({
  kind,
  kinds,
  onKindChange,
  initialFile,
  analysing,
  serverError,
  onAnalyse,
  focusHeading,
}: ChooseStepProps) {
  const { t, i18n } = useTranslation(['spreadsheets', 'errors']);
  const language = i18n.resolvedLanguage;
  const fieldLabel = useFieldLabel(kind);
  const [file, setFile] = useState<File | null>(initialFile);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const ids = { heading: useId(), hint: useId(), input: useId(), limits: useId() };
  const required = new Set(REQUIRED_FIELDS[kind].flat());

  const refusalMessages: Record<FileRefusal, string> = {
    old_xls: t('errors:spreadsheet.old_xls'),
    wrong_type: t('wizard.choose.wrongType'),
    empty: t('errors:spreadsheet.empty'),
    too_large: t('errors:spreadsheet.too_large'),
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refusal = fileRefusal(chosen);
    setFile(refusal === null ? chosen : null);
    setFileError(refusal === null ? null : refusalMessages[refusal]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby={ids.heading} className="grid gap-5">
      <StepHeading id={ids.heading} focusOnMount={focusHeading}>
        {t('wizard.choose.title')}
      </StepHeading>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('wizard.choose.kindLegend')}</legend>
        <div
          className={cn('grid gap-2', kinds.length > 3 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}
        >
          {kinds.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                option === kind ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
              )}
            >
              <input
                type="radio"
                name="import-kind"
                value={option}
                checked={option === kind}
                onChange={() => onKindChange(option)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="font-medium">{t(`wizard.choose.kinds.${option}`)}</span>
            </label>
          ))}
        </div>
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {t(`wizard.choose.hints.${kind}`)}
        </p>
      </fieldset>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t('wizard.choose.expectedColumns')}</h3>
        <ul className="flex flex-wrap gap-1.5">
          {importFields(kind).map((field) => (
            <li
              key={field}
              className={cn(
                'rounded-md border px-2 py-0.5 text-xs',
                required.has(field) ? 'border-foreground/30 font-medium' : 'text-muted-foreground',
              )}
            >
              {fieldLabel(field)}
              {required.has(field) && <span aria-hidden> *</span>}
            </li>
          ))}
        </ul>
      </div>

      <label
        htmlFor={ids.input}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'grid cursor-pointer justify-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
          dragging ? 'border-primary bg-primary/5' : 'border-input hover:bg-accent/40',
        )}
      >
        <UploadIcon aria-hidden className="size-6 text-muted-foreground" />
        <span className="font-medium">{t('wizard.choose.fileLabel')}</span>
        <span className="text-muted-foreground">
          {t('wizard.choose.drop')} {t('wizard.choose.or')}{' '}
          <span className="font-medium text-primary underline underline-offset-4">
            {t('wizard.choose.browse')}
          </span>
        </span>
        <span id={ids.limits} className="text-xs text-muted-foreground">
          {t('wizard.choose.limits', {
            size: formatFileSize(IMPORT_MAX_BYTES, language),
            rows: formatCount(IMPORT_MAX_ROWS, language),
          })}
        </span>
        <input
          id={ids.input}
          type="file"
          accept={IMPORT_ACCEPT}
          aria-describedby={ids.limits}
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file chosen again (after fixing it) must still fire a change.
            event.target.value = '';
          }}
        />
      </label>

      <p aria-live="polite" className="flex min-h-5 items-center gap-2 text-sm">
        {file && (
          <>
            <FileSpreadsheetIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 break-all">
              {t('wizard.choose.selected', { name: file.name, size: formatFileSize(file.size, language) })}
            </span>
          </>
        )}
      </p>

      <p className="flex items-start gap-2 rounded-md bg-muted/60 p-3 text-sm text-muted-foreground">
        <ShieldCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('wizard.choose.safe')}
      </p>

      {/* The server's refusal is of the file it was sent: another file chosen since hides it. */}
      <WizardError message={fileError ?? (file === initialFile ? serverError : null)} />

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          onClick={() => {
            if (file) onAnalyse(file);
            else setFileError(t('wizard.choose.fileRequired'));
          }}
          disabled={analysing}
        >
          {analysing && <LoaderCircleIcon aria-hidden className="motion-safe:animate-spin" />}
          {analysing ? t('wizard.choose.analysing') : t('wizard.choose.submit')}
        </Button>
      </div>
    </section>
  );
}
