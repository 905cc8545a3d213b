import type { ImportResult, ImportRowAction, SpreadsheetKind } from '@funil/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlertIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useFieldLabel } from '../hooks/use-field-labels';

type PreviewRow = ImportResult['preview'][number];

const ACTION_BADGES: Record<ImportRowAction, BadgeProps['variant']> = {
  create: 'success',
  update: 'default',
  unchanged: 'secondary',
  skip: 'outline',
};

type PreviewTableProps = {
  kind: SpreadsheetKind;
  rows: readonly PreviewRow[];
  /** The mapped fields, in the file's column order: the table's value columns. */
  fields: readonly string[];
  /** All the rows of the file (the filter may show fewer). */
  total: number;
};

const ROW_NUMBER_WIDTH = '4.5rem';
const ACTION_WIDTH = '7rem';
const VALUE_WIDTH = 'minmax(9rem, 1fr)';
const ISSUES_WIDTH = 'minmax(14rem, 1.5fr)';

/**
 * Every row of the file as the import would read it: its line number, what the import does with it
 * (as a word, not a colour alone), its problems, then the value of each mapped field, the cell of a
 * field with a problem marked. Virtualised: up to 10,000 rows, only the visible ones in the page.
 * An ARIA table of divs, since a virtual list positions its rows, which table rows cannot be.
 */
export function PreviewTable({ kind, rows, fields, total }: PreviewTableProps) {
  const { t } = useTranslation('spreadsheets');
  const fieldLabel = useFieldLabel(kind);
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual as documented; the React Compiler leaves this component alone, as it says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 48,
    overscan: 8,
    getItemKey: (index) => rows[index]?.row ?? index,
    initialRect: { width: 1000, height: 480 },
    useFlushSync: false,
  });
  // The problems come right after the action, so they are in view before any sideways scroll.
  const gridTemplateColumns = [
    ROW_NUMBER_WIDTH,
    ACTION_WIDTH,
    ISSUES_WIDTH,
    ...fields.map(() => VALUE_WIDTH),
  ].join(' ');
  const minWidth = `calc(${ROW_NUMBER_WIDTH} + ${ACTION_WIDTH} + ${fields.length * 9 + 14}rem)`;

  return (
    <div
      ref={scrollRef}
      // The scroll area is reachable by keyboard, so its rows can be scrolled without a mouse.
      tabIndex={0}
      role="region"
      aria-label={t('wizard.preview.tableLabel')}
      className="max-h-[min(60vh,32rem)] overflow-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div
        role="table"
        aria-label={t('wizard.preview.tableLabel')}
        aria-rowcount={total + 1}
        className="text-sm"
        style={{ minWidth }}
      >
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-muted">
          <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns }}>
            <HeaderCell>{t('wizard.preview.row')}</HeaderCell>
            <HeaderCell>{t('wizard.preview.action')}</HeaderCell>
            <HeaderCell>{t('wizard.preview.issues')}</HeaderCell>
            {fields.map((field) => (
              <HeaderCell key={field}>{fieldLabel(field)}</HeaderCell>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const issuesByField = new Map<string, string[]>();
            for (const issue of row.issues) {
              if (issue.field === null) continue;
              issuesByField.set(issue.field, [...(issuesByField.get(issue.field) ?? []), issue.message]);
            }
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="row"
                // Row 1 is the header; a data row's index is its place in the file's order.
                aria-rowindex={row.row}
                className={cn(
                  'absolute top-0 left-0 grid w-full border-b',
                  row.issues.length > 0 && 'bg-destructive/5',
                )}
                style={{ gridTemplateColumns, transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="px-3 py-2 tabular-nums">
                  {row.row}
                </div>
                <div role="cell" className="px-3 py-2">
                  <Badge variant={ACTION_BADGES[row.action]}>
                    {t(`wizard.preview.actions.${row.action}`)}
                  </Badge>
                </div>
                <div role="cell" className="min-w-0 px-3 py-2">
                  {row.issues.length > 0 && (
                    <ul className="grid gap-0.5 text-red-700 dark:text-red-300">
                      {row.issues.map((issue, index) => (
                        <li key={index}>
                          {issue.field === null
                            ? issue.message
                            : t('wizard.preview.issue', {
                                field: fieldLabel(issue.field),
                                message: issue.message,
                              })}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {fields.map((field) => {
                  const problems = issuesByField.get(field);
                  return (
                    <div
                      key={field}
                      role="cell"
                      className={cn(
                        'min-w-0 px-3 py-2 break-words',
                        problems &&
                          'font-medium text-red-700 ring-1 ring-destructive/60 ring-inset dark:text-red-300',
                      )}
                      title={problems?.join('; ')}
                    >
                      {problems && (
                        <CircleAlertIcon aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
                      )}
                      {row.values[field] ?? ''}
                      {problems && <span className="sr-only"> ({problems.join('; ')})</span>}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function HeaderCell({ children }: { children: string }) {
  return (
    <div role="columnheader" className="px-3 py-2 text-left text-xs font-medium text-foreground">
      {children}
    </div>
  );
}
