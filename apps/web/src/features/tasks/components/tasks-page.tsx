import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { taskAssigneesQueryOptions, taskListQueryOptions } from '@/api/tasks';
import { DataTablePagination } from '@/components/data-table';
import { useNow } from '@/components/hooks/use-now';
import { OptionSelect } from '@/components/option-select';
import { NewTaskButton } from '@/components/tasks/new-task-button';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { cn } from '@/lib/utils';
import { useTaskRowActions } from '../hooks/use-task-row-actions';
import {
  assigneeParam,
  type AssigneeFilter,
  isTaskTab,
  TASK_TABS,
  type TaskTab,
  taskTabParams,
} from '../utils/task-tabs';
import { TaskRow } from './task-row';

/** Tasks on one page of a tab. */
export const TASKS_PAGE_SIZE = 20;

const TAB_PARAM = 'aba';
const ASSIGNEE_PARAM = 'responsavel';

export type TasksPageProps = {
  /** The signed-in user's id: their tasks are "mine", and what they may change follows from it. */
  currentUserId: string;
  /** Admins and managers: they may look at anyone's tasks, and change or delete any. */
  canManageOthers: boolean;
};

/**
 * /tarefas: the signed-in user's tasks (or, for a manager, anyone's) in four tabs — Hoje,
 * Atrasadas, Esta semana, Concluídas — each a server-paged list. The tab and the assignee are kept
 * in the URL. A row completes with one click, or Space/Enter while focused.
 */
export function TasksPage({ currentUserId, canManageOthers }: TasksPageProps) {
  const { t } = useTranslation('tasks');
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get(TAB_PARAM);
  const tab: TaskTab = isTaskTab(tabParam) ? tabParam : 'today';
  const assignee: AssigneeFilter = (canManageOthers && searchParams.get(ASSIGNEE_PARAM)) || 'me';
  const [pageState, setPageState] = useState({ key: '', page: 1 });
  const pageKey = `${tab}|${assignee}`;
  // A new tab or assignee starts at its first page.
  const page = pageState.key === pageKey ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ key: pageKey, page: next });

  const now = useNow();
  // The boundaries move at midnight; the key's strings do not change in between.
  const dayKey = new Date(now).toDateString();
  const params = useMemo(
    () => ({
      ...taskTabParams(tab, new Date()),
      ...assigneeParam(assignee),
      page,
      limit: TASKS_PAGE_SIZE,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the day changes
    [tab, assignee, page, dayKey],
  );
  const query = useQuery(taskListQueryOptions(params));

  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const keyboardHintId = useId();
  const { rowProps, dialogs } = useTaskRowActions({
    currentUserId,
    canManageOthers,
  });

  const list = query.data;
  const pageCount = list ? Math.max(1, Math.ceil(list.total / TASKS_PAGE_SIZE)) : 1;

  return (
    <div className="flex w-full max-w-5xl flex-col gap-4">
      <TabsPrimitive.Root
        value={tab}
        onValueChange={(next) => setParam(TAB_PARAM, next === 'today' ? null : next)}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <TabsPrimitive.List
            aria-label={t('tabs.label')}
            className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-foreground/75 sm:inline-flex sm:w-fit sm:items-center"
          >
            {TASK_TABS.map((value) => (
              <TabsPrimitive.Trigger
                key={value}
                value={value}
                className="flex-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none"
              >
                {t(`tabs.${value}`)}
              </TabsPrimitive.Trigger>
            ))}
          </TabsPrimitive.List>
          <div className="flex flex-wrap items-end gap-2">
            {canManageOthers && (
              <AssigneeFilterSelect
                value={assignee}
                onChange={(next) => setParam(ASSIGNEE_PARAM, next === 'me' ? null : next)}
              />
            )}
            <NewTaskButton variant="default" />
          </div>
        </div>
        <p id={keyboardHintId} className="sr-only">
          {t('row.keyboardHint')}
        </p>
        {TASK_TABS.map((value) => (
          <TabsPrimitive.Content key={value} value={value} className="outline-none">
            {value === tab && (
              <div className="grid gap-3">
                {query.isError ? (
                  <Alert variant="destructive">
                    <AlertCircleIcon />
                    <AlertTitle>{getErrorMessage(query.error, t('list.loadError'))}</AlertTitle>
                  </Alert>
                ) : !list ? (
                  <div className="grid gap-2" aria-busy>
                    {Array.from({ length: 4 }, (_, index) => (
                      <Skeleton key={index} className="h-16" />
                    ))}
                  </div>
                ) : list.data.length === 0 ? (
                  <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
                    {t(`empty.${tab}`)}
                  </p>
                ) : (
                  <>
                    <p className="text-sm text-muted-foreground" aria-live="polite">
                      {t('list.count', { count: list.total })}
                    </p>
                    <ul
                      aria-label={t('list.label', { tab: t(`tabs.${tab}`) })}
                      className={cn('grid gap-2', query.isPlaceholderData && 'opacity-60')}
                    >
                      {list.data.map((task) => (
                        <TaskRow
                          key={task.id}
                          task={task}
                          now={now}
                          keyboardHintId={keyboardHintId}
                          {...rowProps(task)}
                        />
                      ))}
                    </ul>
                    {pageCount > 1 && (
                      <div className="flex justify-center">
                        <DataTablePagination
                          pageIndex={page - 1}
                          pageCount={pageCount}
                          onPageChange={(index) => setPage(index + 1)}
                        />
                      </div>
                    )}
                  </>
                )}
              </div>
            )}
          </TabsPrimitive.Content>
        ))}
      </TabsPrimitive.Root>
      {dialogs}
    </div>
  );
}

/** "Responsável": my tasks, everyone's, or one active user's (managers only). */
function AssigneeFilterSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('tasks');
  const users = useQuery(taskAssigneesQueryOptions()).data?.data ?? [];
  const options = [
    { value: 'me', label: t('filter.me') },
    { value: 'all', label: t('filter.everyone') },
    ...users.map((user) => ({ value: user.id, label: user.name })),
  ];
  return (
    <div className="grid min-w-48 gap-1.5">
      <Label htmlFor="tasks-assignee-filter">{t('filter.assignee')}</Label>
      <OptionSelect
        value={value}
        onChange={onChange}
        options={options}
        trigger={{ id: 'tasks-assignee-filter' }}
      />
    </div>
  );
}
