import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlertIcon } from 'lucide-react';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { type PreviewColumn, type PreviewColumnId, lineText, previewColumns } from '../utils/preview-columns';
import { ActionBadge, WithoutContactBadge } from './action-badge';
import { IssueList } from './issue-list';
import { RowDetailsDialog } from './row-details-dialog';

type PreviewRow = ImportResult['preview'][number];

type PreviewTableProps = {
  kind: SpreadsheetKind;
  rows: readonly PreviewRow[];
  /** The mapped fields, in the file's column order: what the row's details list. */
  fields: readonly string[];
  /** All the rows of the file (the filter may show fewer). */
  total: number;
  /** The rows whose record is written without its contact. */
  withoutContact: ReadonlySet<number>;
};

/** A column's least width and its share of the room left; a fixed width has no share. */
type Width = { min: number; share?: number };

const ROW_NUMBER: Width = { min: 3.5 };
const ACTION: Width = { min: 8.5 };
const DETAILS: Width = { min: 3.25 };
// A CNPJ's 18 characters whole ("11.222.333/0001-81"), never broken.
const COLUMN_WIDTHS: Record<PreviewColumnId, Width> = {
  brand: { min: 8, share: 1 },
  cnpj: { min: 11 },
  contact: { min: 12, share: 1.6 },
  lead: { min: 12, share: 1.6 },
  offering: { min: 14, share: 2 },
};

const track = ({ min, share }: Width) => (share ? `minmax(${min}rem, ${share}fr)` : `${min}rem`);

/**
 * Every row of the file as the import would read it: its line number, what the import does with it
 * (as a word, not a colour alone), the few values that tell it apart (the record's name, CNPJ,
 * contact; a value with a problem marked), its problems, and a button for all its values. It fits
 * a laptop's screen; a phone scrolls it inside its own box. Virtualised: up to 10,000 rows, only
 * the visible ones in the page. An ARIA table of divs, since a virtual list positions its rows,
 * which table rows cannot be.
 */
export function PreviewTable({ kind, rows, fields, total, withoutContact }: PreviewTableProps) {
  const { t } = useTranslation('spreadsheets');
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = previewColumns(kind, fields);
  // TanStack Virtual as documented; the React Compiler leaves this component alone, as it says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => rows[index]?.row ?? index,
    initialRect: { width: 1000, height: 480 },
    useFlushSync: false,
  });
  const widths = [ROW_NUMBER, ACTION, ...columns.map((column) => COLUMN_WIDTHS[column.id]), DETAILS];
  // From the sm breakpoint, a column per value and the problems on a line of their own below
  // them; on a phone, the line number, everything else stacked, and the details button.
  const layout = {
    '--preview-columns': widths.map(track).join(' '),
    '--preview-min-width': `${widths.reduce((sum, width) => sum + width.min, 0)}rem`,
  } as CSSProperties;
  const rowGrid = 'grid grid-cols-[2.75rem_minmax(0,1fr)_2.75rem] sm:grid-cols-(--preview-columns)';

  return (
    <div
      ref={scrollRef}
      // The scroll area is reachable by keyboard, so its rows can be scrolled without a mouse.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus for a keyboard to scroll it
      tabIndex={0}
      role="region"
      aria-label={t('wizard.preview.tableLabel')}
      className="max-h-[min(60vh,32rem)] overflow-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div
        role="table"
        aria-label={t('wizard.preview.tableLabel')}
        aria-rowcount={total + 1}
        className="text-sm sm:min-w-(--preview-min-width)"
        style={layout}
      >
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-muted">
          <div role="row" aria-rowindex={1} className={rowGrid}>
            <HeaderCell>{t('wizard.preview.row')}</HeaderCell>
            <HeaderCell>{t('wizard.preview.action')}</HeaderCell>
            {columns.map((column) => (
              // On a phone the values are stacked under the action, without headers of their own.
              <HeaderCell key={column.id} className="max-sm:sr-only">
                {t(`wizard.preview.columns.${column.id}`)}
              </HeaderCell>
            ))}
            {/* The problems have a line of their own, marked by their colour and icon. */}
            <HeaderCell className="sr-only">{t('wizard.preview.issues')}</HeaderCell>
            <HeaderCell className="col-start-3 row-start-1 sm:col-start-auto sm:row-start-auto">
              <span className="sr-only">{t('wizard.preview.details')}</span>
            </HeaderCell>
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const contactLeftOut = withoutContact.has(row.row);
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="row"
                // Row 1 is the header; a data row's index is its place in the file's order.
                aria-rowindex={row.row}
                className={cn(
                  'absolute top-0 left-0 w-full border-b py-1.5 sm:py-0',
                  rowGrid,
                  row.issues.length > 0 && 'bg-destructive/5',
                )}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div
                  role="cell"
                  className={cn(
                    CELL,
                    'col-start-1 row-start-1 tabular-nums sm:col-start-auto sm:row-start-auto',
                  )}
                >
                  {row.row}
                </div>
                <div
                  role="cell"
                  className={cn(
                    CELL,
                    'col-start-2 row-start-1 flex flex-wrap items-start gap-1 sm:col-start-auto sm:row-start-auto sm:flex-col',
                  )}
                >
                  <ActionBadge action={row.action} />
                  {contactLeftOut && <WithoutContactBadge />}
                </div>
                {columns.map((column) => (
                  <SummaryCell key={column.id} column={column} row={row} />
                ))}
                <div
                  role="cell"
                  className={cn(
                    'col-start-2 min-w-0 break-words sm:col-start-3 sm:col-end-[-1] sm:row-start-2',
                    // Empty when the row has no problem: every row keeps the same cells.
                    row.issues.length > 0 && 'px-3 py-1 sm:pt-0 sm:pb-2',
                  )}
                >
                  {row.issues.length > 0 && (
                    <div className="flex items-start gap-1.5 text-red-700 dark:text-red-300">
                      <CircleAlertIcon aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                      <IssueList kind={kind} issues={row.issues} />
                    </div>
                  )}
                </div>
                <div
                  role="cell"
                  className="col-start-3 row-start-1 px-1 py-0.5 sm:col-start-auto sm:row-start-auto sm:py-1"
                >
                  <RowDetailsDialog kind={kind} row={row} fields={fields} withoutContact={contactLeftOut} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * A few values of a row stacked in one cell (a contact's name, email and phone). An identifier is
 * cut with an ellipsis rather than broken (the row's details show it whole); a value with a
 * problem is marked by an icon and its colour, and names its problem to screen readers.
 */
function SummaryCell({ column, row }: { column: PreviewColumn; row: PreviewRow }) {
  const { t } = useTranslation('spreadsheets');
  return (
    <div role="cell" className={cn(CELL, 'col-start-2 grid min-w-0 content-start gap-0.5 sm:col-start-auto')}>
      {column.lines.map((line) => {
        const text = lineText(line, row.values);
        const problems = row.issues
          .filter((issue) => issue.field !== null && line.fields.includes(issue.field))
          .map((issue) => issue.message);
        if (!text && problems.length === 0) return null;
        return (
          <span
            key={line.fields.join()}
            title={line.identifier && text ? text : undefined}
            className={cn(
              'min-w-0',
              line.identifier ? 'truncate whitespace-nowrap tabular-nums' : 'break-words',
              line.main && 'font-medium',
              // A contact's email and phone are quieter than its name (a CNPJ alone is not), and
              // still readable on the tint of a row with problems, which the muted grey is not.
              !line.main && column.lines.length > 1 && 'text-foreground/70',
              problems.length > 0 && 'font-medium text-red-700 dark:text-red-300',
            )}
          >
            {problems.length > 0 && (
              <CircleAlertIcon aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
            )}
            {text || t('wizard.preview.emptyValue')}
            {problems.length > 0 && <span className="sr-only"> ({problems.join('; ')})</span>}
          </span>
        );
      })}
    </div>
  );
}

/** A cell's room: tight when stacked on a phone, a table's from the sm breakpoint. */
const CELL = 'px-3 py-0.5 sm:py-2';

function HeaderCell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="columnheader"
      className={cn('px-3 py-2 text-left text-xs font-medium text-foreground', className)}
    >
      {children}
    </div>
  );
}
