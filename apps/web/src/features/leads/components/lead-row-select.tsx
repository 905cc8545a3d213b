import type { Table } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

/** The list's part in a selection of leads kept by the screen that shows it. */
export type LeadRowSelection = {
  isSelected: (leadId: string) => boolean;
  /** Checks or unchecks a lead; with `order` (the page's rows), the range from the one toggled last. */
  toggle: (lead: Lead, order: readonly Lead[] | null) => void;
  setMany: (leads: readonly Lead[], selected: boolean) => void;
};

/**
 * The selection the checkboxes read. A context, not the columns' options: columns made anew on
 * every toggle would remount the checkbox just pressed, and its focus would be lost.
 */
export const LeadRowSelectionContext = createContext<LeadRowSelection | null>(null);

/**
 * A mixed checkbox filled like a checked one, with a dash instead of the tick, so it is not read
 * as "all checked".
 */
const MIXED = cn(
  'relative data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary dark:data-[state=indeterminate]:bg-primary',
  '[&[data-state=indeterminate]_svg]:hidden',
  'data-[state=indeterminate]:after:absolute data-[state=indeterminate]:after:inset-x-[3px] data-[state=indeterminate]:after:top-1/2 data-[state=indeterminate]:after:h-0.5 data-[state=indeterminate]:after:-translate-y-1/2 data-[state=indeterminate]:after:rounded-full data-[state=indeterminate]:after:bg-primary-foreground',
);

const pageOf = (table: Table<Lead>) => table.getRowModel().rows.map((row) => row.original);

/** The header's checkbox: checks the whole page, or clears it when all of it is checked; mixed when some is. */
export function SelectPageCheckbox({ table }: { table: Table<Lead> }) {
  const { t } = useTranslation('leads');
  const selection = useContext(LeadRowSelectionContext);
  if (!selection) return null;
  const page = pageOf(table);
  const checked = page.filter((lead) => selection.isSelected(lead.id)).length;
  const all = page.length > 0 && checked === page.length;
  return (
    <Checkbox
      aria-label={t('list.selectPage')}
      checked={all ? true : checked > 0 ? 'indeterminate' : false}
      disabled={page.length === 0}
      onCheckedChange={() => selection.setMany(page, !all)}
      className={cn('size-5 align-middle', MIXED)}
    />
  );
}

/** A row's checkbox: a click or Space toggles the lead; with Shift, the rows from the one toggled last. */
export function SelectRowCheckbox({ lead, table }: { lead: Lead; table: Table<Lead> }) {
  const { t } = useTranslation('leads');
  const selection = useContext(LeadRowSelectionContext);
  if (!selection) return null;
  return (
    <Checkbox
      aria-label={t('list.select', { brand: lead.brand_id.name })}
      checked={selection.isSelected(lead.id)}
      onClick={(event) => selection.toggle(lead, event.shiftKey ? pageOf(table) : null)}
      className="size-5 align-middle"
    />
  );
}
