import type { ImportDuplicatePolicy, ImportResult, SpreadsheetKind } from '@funil/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandKeys } from '@/api/brands';
import { contactKeys } from '@/api/contacts';
import { leadKeys } from '@/api/leads';
import { importSpreadsheet } from '@/api/spreadsheets';
import { getErrorMessage } from '@/lib/http';
import { CSV_SAMPLE_BYTES, csvSamples, type CsvSamples } from '../utils/csv-samples';
import { type ColumnMapping, assignField, mappingFromColumns, mappingJson } from '../utils/import-mapping';

export type WizardStep = 'choose' | 'mapping' | 'preview' | 'report';
export const WIZARD_STEPS: readonly WizardStep[] = ['choose', 'mapping', 'preview', 'report'];

type Pending = 'analyse' | 'commit' | null;

/** The CSV's first lines, for the mapping step's examples; null for an XLSX or an unreadable file. */
async function readCsvSamples(file: File): Promise<CsvSamples | null> {
  if (!/\.csv$/i.test(file.name)) return null;
  try {
    return csvSamples(await file.slice(0, CSV_SAMPLE_BYTES).text());
  } catch {
    return null;
  }
}

/**
 * The import wizard's state and its calls. Every analysis is a dry run of the whole file with the
 * mapping and duplicate policy on screen; a newer one cancels the one still running, so what the
 * screen shows always answers what it asks. Confirming sends the same with `dry_run=false`, then
 * every brand, lead and contact query is refetched.
 */
export function useImportWizard(kind: SpreadsheetKind) {
  const { t } = useTranslation('spreadsheets');
  const queryClient = useQueryClient();
  const [step, setStepState] = useState<WizardStep>('choose');
  // False until the first change of step: the page's first paint keeps the focus where it is.
  const [hasMoved, setHasMoved] = useState(false);
  const setStep = useCallback((next: WizardStep) => {
    setStepState(next);
    setHasMoved(true);
  }, []);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<CsvSamples | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const [onDuplicate, setOnDuplicateState] = useState<ImportDuplicatePolicy>('skip');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [report, setReport] = useState<ImportResult | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [movedFrom, setMovedFrom] = useState<{ field: string; header: string } | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (
      request: { file: File; mapping?: string; onDuplicate: ImportDuplicatePolicy; dryRun: boolean },
      what: Exclude<Pending, null>,
    ): Promise<ImportResult | null> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setPending(what);
      setError(null);
      try {
        return await importSpreadsheet(kind, request, controller.signal);
      } catch (caught) {
        if (controller.signal.aborted) return null;
        setError(
          getErrorMessage(caught, t(what === 'commit' ? 'wizard.importFailed' : 'wizard.analyseFailed')),
        );
        return null;
      } finally {
        if (running.current === controller) {
          running.current = null;
          setPending(null);
        }
      }
    },
    [kind, t],
  );

  /** The first analysis: the server reads (guesses) the columns, and the mapping step shows them. */
  const analyse = useCallback(
    async (chosen: File) => {
      setFile(chosen);
      setMovedFrom(null);
      const [answer, samples] = await Promise.all([
        run({ file: chosen, onDuplicate, dryRun: true }, 'analyse'),
        readCsvSamples(chosen),
      ]);
      if (!answer) return;
      setCsv(samples);
      setResult(answer);
      setMapping(mappingFromColumns(answer.columns));
      setStep('mapping');
    },
    [run, onDuplicate, setStep],
  );

  const reanalyse = useCallback(
    async (nextMapping: ColumnMapping[], policy: ImportDuplicatePolicy) => {
      if (!file) return;
      const answer = await run(
        { file, mapping: mappingJson(nextMapping), onDuplicate: policy, dryRun: true },
        'analyse',
      );
      if (answer) setResult(answer);
    },
    [file, run],
  );

  const changeField = useCallback(
    (index: number, field: string | null) => {
      const next = assignField(mapping, index, field);
      setMapping(next.mapping);
      setMovedFrom(field !== null && next.movedFrom !== null ? { field, header: next.movedFrom } : null);
      void reanalyse(next.mapping, onDuplicate);
    },
    [mapping, onDuplicate, reanalyse],
  );

  const setOnDuplicate = useCallback(
    (policy: ImportDuplicatePolicy) => {
      setOnDuplicateState(policy);
      void reanalyse(mapping, policy);
    },
    [mapping, reanalyse],
  );

  const commit = useCallback(async () => {
    if (!file) return;
    const answer = await run({ file, mapping: mappingJson(mapping), onDuplicate, dryRun: false }, 'commit');
    if (!answer) return;
    setReport(answer);
    setStep('report');
    await Promise.all(
      [brandKeys.all, leadKeys.all, contactKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [file, mapping, onDuplicate, run, queryClient, setStep]);

  const goTo = useCallback(
    (next: WizardStep) => {
      setError(null);
      setMovedFrom(null);
      setStep(next);
    },
    [setStep],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    setStep('choose');
    setFile(null);
    setCsv(null);
    setMapping([]);
    setResult(null);
    setReport(null);
    setError(null);
    setMovedFrom(null);
  }, [setStep]);

  return {
    step,
    /** Whether the step has changed since the page opened: only then does focus go to its heading. */
    focusHeading: hasMoved,
    file,
    csv,
    mapping,
    onDuplicate,
    result,
    report,
    pending,
    error,
    movedFrom,
    analyse,
    changeField,
    setOnDuplicate,
    commit,
    goTo,
    reset,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
