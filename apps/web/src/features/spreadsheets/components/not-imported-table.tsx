import type { SpreadsheetKind } from '@funil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { NotImportedRow } from '../utils/import-report';
import { IssueList } from './issue-list';

type NotImportedTableProps = {
  kind: SpreadsheetKind;
  rows: readonly NotImportedRow[];
  /** The table's name (the heading above it). */
  label: string;
};

/** From the sm breakpoint a column each; on a phone, the line number and the rest stacked beside it. */
const ROW_GRID =
  'grid grid-cols-[2.75rem_minmax(0,1fr)] sm:grid-cols-[4rem_minmax(8rem,1fr)_minmax(10rem,1.2fr)_minmax(12rem,1.6fr)]';
const CELL = 'col-start-2 min-w-0 px-3 py-0.5 break-words sm:col-start-auto sm:py-2';

/**
 * The rows with something not imported, each with the record it names, what became of it (the row
 * left out, or its brand written without the contact) and every problem it had. An ARIA table of
 * divs, so that a phone stacks a row's cells instead of scrolling sideways.
 */
export function NotImportedTable({ kind, rows, label }: NotImportedTableProps) {
  const { t } = useTranslation('spreadsheets');
  return (
    // Scrolls down within its box past a few dozen rows; reachable by keyboard to do so.
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus for a keyboard to scroll it
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-96 overflow-y-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div role="table" aria-label={label} className="text-sm">
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-muted">
          <div role="row" className={ROW_GRID}>
            <HeaderCell>{t('wizard.report.row')}</HeaderCell>
            <HeaderCell>{t('wizard.report.name')}</HeaderCell>
            <HeaderCell className="max-sm:sr-only">{t('wizard.report.outcome')}</HeaderCell>
            <HeaderCell className="max-sm:sr-only">{t('wizard.report.problems')}</HeaderCell>
          </div>
        </div>
        <div role="rowgroup">
          {rows.map((row, index) => (
            <div
              key={`${row.row}-${row.part}-${index}`}
              role="row"
              className={cn(ROW_GRID, 'border-b py-1.5 last:border-b-0 sm:py-0')}
            >
              <div role="cell" className={cn(CELL, 'col-start-1 row-start-1 tabular-nums sm:row-start-auto')}>
                {row.row}
              </div>
              <div role="cell" className={cn(CELL, 'row-start-1 font-medium sm:row-start-auto')}>
                {row.name ?? (
                  <span className="font-normal text-muted-foreground">{t('wizard.report.noName')}</span>
                )}
              </div>
              <div role="cell" className={CELL}>
                {row.part === 'contact' && row.written !== null
                  ? t(`wizard.report.outcomes.contact.${row.written}`)
                  : t(`wizard.report.outcomes.row.${kind}`)}
              </div>
              <div role="cell" className={CELL}>
                <IssueList kind={kind} issues={row.issues} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function HeaderCell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="columnheader" className={cn('px-3 py-2 text-left text-xs font-medium', className)}>
      {children}
    </div>
  );
}
