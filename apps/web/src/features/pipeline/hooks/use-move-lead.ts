import type { ContractStatus, LeadSummary } from '@funil/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastLater } from '@/lib/toast-later';
import { type Lead, type LeadFilters, leadKeys, updateLead } from '@/api/leads';
import { offeringKeys } from '@/api/offerings';
import { getErrorMessage } from '@/lib/http';
import {
  type ColumnData,
  insertLeadIntoColumn,
  moveLeadTotals,
  removeLeadFromColumn,
  replaceLeadInColumn,
} from '../utils/board-cache';

/**
 * A card's move. `reason`, for a move to Declinado or Cancelado, is the lost-reason dialog's
 * answer: the card moves at once, and the request waits for it (sent without a reason when skipped).
 */
export type LeadMove = { lead: Lead; to: ContractStatus; reason?: Promise<string | undefined> };

type Snapshot = { from?: ColumnData; to?: ColumnData; summary?: LeadSummary };

/**
 * Moves a card to another column: at once in the two columns' caches and both headers' totals,
 * then `PATCH {contract_status}` (with `reason` once one is given). No loaded page is refetched on success; on failure the caches
 * go back as they were, the board reloads from the server (it may have changed meanwhile) and a
 * toast says why.
 */
export function useMoveLead(filters: LeadFilters) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('pipeline');
  const columnKey = (status: ContractStatus) => leadKeys.column(filters, status);
  const summaryKey = leadKeys.summary(filters);

  return useMutation<Lead, unknown, LeadMove, Snapshot>({
    mutationFn: async ({ lead, to, reason: asked }) => {
      const reason = await asked;
      return updateLead(lead.id, reason ? { contract_status: to, reason } : { contract_status: to });
    },
    onMutate: async ({ lead, to }) => {
      const from = lead.contract_status;
      // A page arriving now would put back what the move is about to change.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: columnKey(from) }),
        queryClient.cancelQueries({ queryKey: columnKey(to) }),
        queryClient.cancelQueries({ queryKey: summaryKey }),
      ]);
      const snapshot: Snapshot = {
        from: queryClient.getQueryData<ColumnData>(columnKey(from)),
        to: queryClient.getQueryData<ColumnData>(columnKey(to)),
        summary: queryClient.getQueryData<LeadSummary>(summaryKey),
      };
      const moved: Lead = { ...lead, contract_status: to };
      queryClient.setQueryData<ColumnData>(
        columnKey(from),
        (data) => data && removeLeadFromColumn(data, lead.id),
      );
      queryClient.setQueryData<ColumnData>(
        columnKey(to),
        (data) => data && insertLeadIntoColumn(data, moved),
      );
      queryClient.setQueryData<LeadSummary>(
        summaryKey,
        (summary) => summary && moveLeadTotals(summary, lead, to),
      );
      return snapshot;
    },
    onError: (error, { lead, to }, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(columnKey(lead.contract_status), snapshot.from);
        queryClient.setQueryData(columnKey(to), snapshot.to);
        queryClient.setQueryData(summaryKey, snapshot.summary);
      }
      toastLater.error(t('messages.errorUpdatingStatus'), {
        description: getErrorMessage(error, t('messages.errorUpdatingStatusHint')),
      });
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
    onSuccess: (saved, { to }, snapshot) => {
      queryClient.setQueryData<ColumnData>(columnKey(to), (data) => data && replaceLeadInColumn(data, saved));
      toastLater.success(t('messages.statusUpdated'));
      // A collapsed column has no pages in the cache to patch: it would open on the board call's
      // first page, from before the move. Ask the board again so it opens true.
      if (!snapshot?.from || !snapshot.to) {
        void queryClient.invalidateQueries({ queryKey: leadKeys.board(filters) });
      }
      // What else shows this lead reloads when next shown; the board's own caches are already true.
      // So do the prospectus's counts, which the move may have changed (the live stream patches
      // them meanwhile).
      for (const queryKey of [
        leadKeys.detail(saved.id),
        leadKeys.history(saved.id),
        leadKeys.lists(),
        leadKeys.boards(),
        offeringKeys.all,
      ]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
