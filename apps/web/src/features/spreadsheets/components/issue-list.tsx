import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useFieldLabel } from '../hooks/use-field-labels';

type Issue = ImportResult['preview'][number]['issues'][number];

/** A row's problems, each with the column it is in ("CNPJ: CNPJ inválido"); one of the whole row alone. */
export function IssueList({
  kind,
  issues,
  className,
}: {
  kind: SpreadsheetKind;
  issues: readonly Issue[];
  className?: string;
}) {
  const { t } = useTranslation('spreadsheets');
  const fieldLabel = useFieldLabel(kind);
  return (
    <ul className={cn('grid gap-0.5 text-red-700 dark:text-red-300', className)}>
      {issues.map((issue, index) => (
        <li key={index}>
          {issue.field === null
            ? issue.message
            : t('wizard.preview.issue', { field: fieldLabel(issue.field), message: issue.message })}
        </li>
      ))}
    </ul>
  );
}
