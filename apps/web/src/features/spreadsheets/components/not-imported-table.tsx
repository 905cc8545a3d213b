import type { SpreadsheetKind } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { NotImportedRow } from '../utils/import-report';
import { IssueList } from './issue-list';

type NotImportedTableProps = {
  kind: SpreadsheetKind;
  rows: readonly NotImportedRow[];
  /** The table's name (the heading above it). */
  label: string;
};

/**
 * The rows with something not imported, each with the record it names, what became of it (the row
 * left out, or its brand written without the contact) and every problem it had.
 */
export function NotImportedTable({ kind, rows, label }: NotImportedTableProps) {
  const { t } = useTranslation('spreadsheets');
  return (
    // Scrolls down within its box past a few dozen rows; reachable by keyboard to do so.
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-96 overflow-y-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Table aria-label={label} className="min-w-[36rem]">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{t('wizard.report.row')}</TableHead>
            <TableHead>{t('wizard.report.name')}</TableHead>
            <TableHead>{t('wizard.report.outcome')}</TableHead>
            <TableHead>{t('wizard.report.problems')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.row}-${row.part}-${index}`} className="align-top">
              <TableCell className="tabular-nums">{row.row}</TableCell>
              <TableCell className="font-medium whitespace-normal">
                {row.name ?? (
                  <span className="font-normal text-muted-foreground">{t('wizard.report.noName')}</span>
                )}
              </TableCell>
              <TableCell className="whitespace-normal">
                {row.part === 'contact' && row.written !== null
                  ? t(`wizard.report.outcomes.contact.${row.written}`)
                  : t(`wizard.report.outcomes.row.${kind}`)}
              </TableCell>
              <TableCell className="whitespace-normal">
                <IssueList kind={kind} issues={row.issues} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
