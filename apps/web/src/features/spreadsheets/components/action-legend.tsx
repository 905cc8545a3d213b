import type { ImportRowAction, SpreadsheetKind } from '@funil/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBadge, WithoutContactBadge } from './action-badge';

/** An action of the preview, or a brand row written without its contact. */
export type LegendEntry = ImportRowAction | 'withoutContact';

/** What an action means for this kind of record: "A marca não será criada…". */
export function useActionMeaning(kind: SpreadsheetKind) {
  const { t } = useTranslation('spreadsheets');
  return (entry: LegendEntry) =>
    entry === 'withoutContact'
      ? t('wizard.preview.legendWithoutContact')
      : t(`wizard.preview.legend.${kind}.${entry}`);
}

/**
 * The meaning of each action the preview shows, beside its badge: a new user reads "Ignorar" as
 * "this row will not be imported", "Sem alteração" as "already in Funil as in the file", and
 * "Sem contato" as "the brand is written, its contact is not".
 */
export function ActionLegend({ kind, entries }: { kind: SpreadsheetKind; entries: readonly LegendEntry[] }) {
  const { t } = useTranslation('spreadsheets');
  const meaning = useActionMeaning(kind);
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm"
    >
      <h3 id={headingId} className="font-medium">
        {t('wizard.preview.legendTitle')}
      </h3>
      <dl className="grid gap-2">
        {entries.map((entry) => (
          <div
            key={entry}
            className="grid gap-1 sm:grid-cols-[7rem_minmax(0,1fr)] sm:items-baseline sm:gap-3"
          >
            <dt>{entry === 'withoutContact' ? <WithoutContactBadge /> : <ActionBadge action={entry} />}</dt>
            <dd className="text-muted-foreground">{meaning(entry)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
