import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import { CircleAlertIcon, EyeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useFieldLabel } from '../hooks/use-field-labels';
import { rowName } from '../utils/preview-columns';
import { ActionBadge, WithoutContactBadge } from './action-badge';
import { useActionMeaning } from './action-legend';
import { IssueList } from './issue-list';

type RowDetailsDialogProps = {
  kind: SpreadsheetKind;
  row: ImportResult['preview'][number];
  /** Every mapped field, in the file's column order. */
  fields: readonly string[];
  withoutContact: boolean;
};

/**
 * Every value the import read from a row, whole (the table cuts long ones), with what it will do
 * with the row and all its problems: a button in the row opens it, for keyboard and pointer alike.
 */
export function RowDetailsDialog({ kind, row, fields, withoutContact }: RowDetailsDialogProps) {
  const { t } = useTranslation(['spreadsheets', 'common']);
  const fieldLabel = useFieldLabel(kind);
  const meaning = useActionMeaning(kind);
  const name = rowName(kind, row.values);
  const problemFields = new Set(row.issues.map((issue) => issue.field));

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('wizard.preview.detailsButton', { row: row.row })}
          title={t('wizard.preview.detailsButton', { row: row.row })}
        >
          <EyeIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {t('wizard.preview.detailsTitle', { row: row.row })}
            {name && <span className="font-normal text-muted-foreground"> · {name}</span>}
          </DialogTitle>
          <DialogDescription>{t('wizard.preview.detailsDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5 text-sm">
          <div className="flex flex-wrap items-center gap-1.5">
            <ActionBadge action={row.action} />
            {withoutContact && <WithoutContactBadge />}
          </div>
          <p className="text-muted-foreground">{meaning(row.action)}</p>
          {withoutContact && <p className="text-muted-foreground">{meaning('withoutContact')}</p>}
        </div>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
          {fields.map((field) => {
            const value = row.values[field]?.trim() ?? '';
            const problem = problemFields.has(field);
            return (
              <div key={field} className="contents">
                <dt className="text-muted-foreground">{fieldLabel(field)}</dt>
                <dd
                  className={cn(
                    '[overflow-wrap:anywhere]',
                    problem && 'font-medium text-red-700 dark:text-red-300',
                    !value && !problem && 'text-muted-foreground',
                  )}
                >
                  {problem && <CircleAlertIcon aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />}
                  {value || t('wizard.preview.emptyValue')}
                </dd>
              </div>
            );
          })}
        </dl>
        {row.issues.length > 0 && (
          <div className="grid gap-1 text-sm">
            <h3 className="font-medium">{t('wizard.preview.issues')}</h3>
            <IssueList kind={kind} issues={row.issues} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
