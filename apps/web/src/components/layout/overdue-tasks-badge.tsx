import { useTranslation } from 'react-i18next';

/**
 * The signed-in user's overdue tasks as a count beside the "Tarefas" entry; nothing at zero. A
 * screen reader hears "3 tarefas atrasadas" after the entry's name.
 */
export function OverdueTasksBadge({ count }: { count: number }) {
  const { t } = useTranslation('tasks');
  if (count <= 0) return null;
  return (
    <span
      data-testid="overdue-tasks-badge"
      className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white tabular-nums group-data-[collapsible=icon]:hidden"
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('badge.overdue', { count })}</span>
    </span>
  );
}
