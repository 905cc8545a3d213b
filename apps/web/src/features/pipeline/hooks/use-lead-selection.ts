import { BULK_MAX_LEADS } from '@funil/shared';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { toastLater } from '@/lib/toast-later';
import type { Lead } from '@/api/leads';

type SelectionState = {
  /** The board or list the selection belongs to (its view and filters); another one starts empty. */
  scope: string;
  /** The selected leads as they were when picked, in the order they were picked. */
  leads: ReadonlyMap<string, Lead>;
  /** The lead toggled last: a range runs from it. */
  anchor: string | null;
  /** Bumped whenever a pick went past the cap, so the warning is shown once per such pick. */
  capped: number;
};

type SelectionAction =
  | { type: 'toggle'; scope: string; lead: Lead; order: readonly Lead[] | null }
  | { type: 'set'; scope: string; leads: readonly Lead[]; selected: boolean }
  | { type: 'clear'; scope: string };

/** One empty map for every empty selection, so an empty selection is the same value render to render. */
const NO_LEADS: ReadonlyMap<string, Lead> = new Map();

const emptySelection = (scope: string, capped = 0): SelectionState => ({
  scope,
  leads: NO_LEADS,
  anchor: null,
  capped,
});

/** The selection with `leads` picked (up to the cap) or dropped. */
function apply(state: SelectionState, leads: readonly Lead[], selected: boolean): SelectionState {
  const next = new Map(state.leads);
  let capped = false;
  for (const lead of leads) {
    if (!selected) next.delete(lead.id);
    else if (next.has(lead.id)) next.set(lead.id, lead);
    else if (next.size < BULK_MAX_LEADS) next.set(lead.id, lead);
    else capped = true;
  }
  return { ...state, leads: next, capped: capped ? state.capped + 1 : state.capped };
}

/**
 * The leads between the anchor and `lead`, both included, in `order` (a column's cards, a list's
 * page); only `lead` when there is no range to take (no anchor, or the anchor is not in `order`).
 */
function rangeTo(state: SelectionState, lead: Lead, order: readonly Lead[] | null): readonly Lead[] {
  if (!order || state.anchor === null) return [lead];
  const from = order.findIndex((candidate) => candidate.id === state.anchor);
  const to = order.findIndex((candidate) => candidate.id === lead.id);
  if (from < 0 || to < 0) return [lead];
  return order.slice(Math.min(from, to), Math.max(from, to) + 1);
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  const current = state.scope === action.scope ? state : emptySelection(action.scope, state.capped);
  switch (action.type) {
    case 'toggle': {
      // A range takes the state the clicked lead goes to: checking checks them all, unchecking clears them.
      const selected = !current.leads.has(action.lead.id);
      return {
        ...apply(current, rangeTo(current, action.lead, action.order), selected),
        anchor: action.lead.id,
      };
    }
    case 'set':
      return apply(current, action.leads, action.selected);
    case 'clear':
      return emptySelection(action.scope, current.capped);
  }
}

/** What a board or list shows and changes of the selection. */
export type LeadSelection = {
  /** The selected leads, in the order they were picked. */
  leads: readonly Lead[];
  selectedIds: ReadonlySet<string>;
  isSelected: (leadId: string) => boolean;
  /**
   * Checks or unchecks one lead; with `order` (the cards or rows it sits among), every lead from
   * the one toggled last to this one. Stable.
   */
  toggle: (lead: Lead, order: readonly Lead[] | null) => void;
  /** Checks or unchecks every lead given (a list's whole page). Stable. */
  setMany: (leads: readonly Lead[], selected: boolean) => void;
  /** Stable. */
  clear: () => void;
};

/**
 * The leads picked for a bulk action, at most BULK_MAX_LEADS (a pick past it warns and takes what
 * fits). The selection belongs to `scope` (a view and its filters): in another scope it is empty.
 */
export function useLeadSelection(scope: string): LeadSelection {
  const { t } = useTranslation('pipeline');
  const [state, dispatch] = useReducer(selectionReducer, scope, emptySelection);
  const current = state.scope === scope ? state : emptySelection(scope, state.capped);

  useEffect(() => {
    if (state.capped > 0) {
      toastLater.warning(t('bulk.limit', { max: BULK_MAX_LEADS }), { id: 'lead-selection-limit' });
    }
  }, [state.capped, t]);

  const toggle = useCallback(
    (lead: Lead, order: readonly Lead[] | null) => dispatch({ type: 'toggle', scope, lead, order }),
    [scope],
  );
  const setMany = useCallback(
    (leads: readonly Lead[], selected: boolean) => dispatch({ type: 'set', scope, leads, selected }),
    [scope],
  );
  const clear = useCallback(() => dispatch({ type: 'clear', scope }), [scope]);

  const { leads } = current;
  return useMemo(() => {
    const selectedIds = new Set(leads.keys());
    return {
      leads: [...leads.values()],
      selectedIds,
      isSelected: (leadId: string) => selectedIds.has(leadId),
      toggle,
      setMany,
      clear,
    };
  }, [leads, toggle, setMany, clear]);
}
