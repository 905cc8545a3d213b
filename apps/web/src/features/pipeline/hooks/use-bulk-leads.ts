import type { ContractStatus, LeadBulkInput, LeadBulkResult } from '@funil/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastLater } from '@/lib/toast-later';
import { type Lead, leadKeys } from '@/api/leads';
import { offeringKeys } from '@/api/offerings';
import { getErrorMessage, http } from '@/lib/http';

/** Long enough to read the toast and reach its "Desfazer" (it also stays while hovered). */
const UNDO_TOAST_MS = 10_000;

/** One move of many leads: all or none, in one transaction. */
const postBulk = (body: LeadBulkInput) => http.post<LeadBulkResult>('/api/leads/bulk', body);

/** Leads that go back to one status. */
export type MoveBack = { status: ContractStatus; ids: string[] };

/**
 * What undoes a move to `to`: the leads grouped by the status they had, one group per status;
 * leads that were in `to` already did not move and stay.
 */
export function movesBack(leads: readonly Lead[], to: ContractStatus): MoveBack[] {
  const groups = new Map<ContractStatus, string[]>();
  for (const lead of leads) {
    if (lead.contract_status === to) continue;
    groups.set(lead.contract_status, [...(groups.get(lead.contract_status) ?? []), lead.id]);
  }
  return [...groups].map(([status, ids]) => ({ status, ids }));
}

export type BulkMove = { leads: readonly Lead[]; to: ContractStatus; reason?: string };

/**
 * The bulk bar's actions: move the selected leads to one status (a toast offers to undo it, one
 * request per status the leads came from) or delete them. Nothing is changed in the caches ahead
 * of the answer: the server does all or nothing, so the board and the list reload from it after
 * either outcome, and a failure is a toast with the server's message.
 */
export function useBulkLeads() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');

  // The leads, and the prospectus's counts their moves change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
    ]);
  const fail = (error: unknown) =>
    toastLater.error(t('bulk.error'), { description: getErrorMessage(error, t('bulk.errorHint')) });

  const undo = async (moves: readonly MoveBack[]) => {
    try {
      await Promise.all(moves.map(({ status, ids }) => postBulk({ ids, contract_status: status })));
      toastLater.success(t('bulk.undone'));
    } catch (error) {
      fail(error);
    } finally {
      void refresh();
    }
  };

  const move = useMutation({
    mutationFn: ({ leads, to, reason }: BulkMove) =>
      postBulk({ ids: leads.map((lead) => lead.id), contract_status: to, ...(reason ? { reason } : {}) }),
    onSuccess: (result, { leads, to }) => {
      const back = movesBack(leads, to);
      const count = 'updated' in result ? result.updated : 0;
      toastLater.success(t('bulk.moved', { count, status: tLeads(`contractStatus.${to}`) }), {
        duration: UNDO_TOAST_MS,
        action: back.length > 0 ? { label: t('bulk.undo'), onClick: () => void undo(back) } : undefined,
      });
    },
    onError: fail,
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (leads: readonly Lead[]) => postBulk({ ids: leads.map((lead) => lead.id), delete: true }),
    onSuccess: (result) => {
      toastLater.success(t('bulk.deleted', { count: 'deleted' in result ? result.deleted : 0 }));
    },
    onError: fail,
    onSettled: refresh,
  });

  return { move, remove, isPending: move.isPending || remove.isPending };
}
