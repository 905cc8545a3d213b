import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { type Lead, type LeadBoard, type LeadListResponse, leadKeys, leadQueryOptions } from './leads';

/** What a lead shows of its tasks: the only fields a task's change changes on it. */
type TaskCounters = Pick<Lead, 'open_tasks' | 'next_task_due_at'>;

type LeadPage = { data: Lead[] };
/** The board query's data: the board call's answer with the filters it was asked with. */
type LoadedBoard = { filters: unknown; board: LeadBoard };

/** The lead arrays a cached lead query holds: a list page, a column's pages, a board's columns. */
function leadArrays(query: Query): Lead[][] {
  const kind = query.queryKey[2];
  const data = query.state.data;
  if (!data) return [];
  if (kind === 'list') return [(data as LeadListResponse).data];
  if (kind === 'column') return (data as InfiniteData<LeadPage>).pages.map((page) => page.data);
  if (kind === 'board') return (data as LoadedBoard).board.columns.map((column) => column.data);
  return [];
}

/** The query's data with the lead's counters replaced; the same object when nothing changed. */
function withCounters(query: Query, id: string, counters: TaskCounters): unknown {
  const patch = (leads: Lead[]) =>
    leads.some((lead) => lead.id === id)
      ? leads.map((lead) => (lead.id === id ? { ...lead, ...counters } : lead))
      : leads;
  const data = query.state.data;
  switch (query.queryKey[2]) {
    case 'list':
      return { ...(data as LeadListResponse), data: patch((data as LeadListResponse).data) };
    case 'column': {
      const column = data as InfiniteData<LeadPage>;
      return { ...column, pages: column.pages.map((page) => ({ ...page, data: patch(page.data) })) };
    }
    default: {
      const loaded = data as LoadedBoard;
      const columns = loaded.board.columns.map((column) => ({ ...column, data: patch(column.data) }));
      return { ...loaded, board: { ...loaded.board, columns } };
    }
  }
}

/** Whether the query's filters ask for leads by their tasks (which a task's change may add or remove). */
const filtersByTask = (query: Query) => {
  const filters = query.queryKey[3];
  return typeof filters === 'object' && filters !== null && 'task' in filters && filters.task !== undefined;
};

const LEAD_PAGE_KINDS = new Set(['list', 'column', 'board']);

/**
 * After a task on lead `id` was written: only what shows that lead's tasks changes. The lead is
 * read once (its details, when cached or on some page) and its open-task count and next due date
 * are put in place on every cached list page, board column and board where it shows (or, when it
 * cannot be read, those are read again); the pages, columns and totals filtered by tasks, which
 * the change may add it to or take it from, are read again. No other page, column or board is.
 */
export async function refreshLeadTaskCounters(queryClient: QueryClient, id: string): Promise<void> {
  const cache = queryClient.getQueryCache();
  const leadQueries = cache.findAll({ queryKey: leadKeys.all });
  const pages = leadQueries.filter((query) => LEAD_PAGE_KINDS.has(query.queryKey[2] as string));
  const byTask = leadQueries.filter(
    (query) =>
      (LEAD_PAGE_KINDS.has(query.queryKey[2] as string) || query.queryKey[2] === 'summary') &&
      filtersByTask(query),
  );
  const showing = pages.filter(
    (query) =>
      !byTask.includes(query) && leadArrays(query).some((leads) => leads.some((lead) => lead.id === id)),
  );
  const work = byTask.map((query) =>
    queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
  );
  const detailCached = queryClient.getQueryData(leadKeys.detail(id)) !== undefined;
  if (showing.length > 0 || detailCached) {
    work.push(
      queryClient.fetchQuery({ ...leadQueryOptions(id), staleTime: 0 }).then(
        ({ record }) => {
          const counters = { open_tasks: record.open_tasks, next_task_due_at: record.next_task_due_at };
          for (const query of showing)
            queryClient.setQueryData(query.queryKey, withCounters(query, id, counters));
        },
        // The task was saved all the same: the lead could not be read (deleted meanwhile, say), so
        // the pages that show it are read again instead.
        () =>
          Promise.all(
            showing.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })),
          ).then(() => undefined),
      ),
    );
  }
  await Promise.all(work);
}
