import type { UserListQuery } from '@funil/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listUsers, userKeys } from '@/api/users';
import type { SelectOption } from '@/components/option-select';

/** Every user with the role comercial, active or not: a past period names people who have left. */
const REPORT_EXECUTIVE_PARAMS: Partial<UserListQuery> = { role: 'comercial', sort: 'name', order: 'asc' };

const reportExecutivesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(REPORT_EXECUTIVE_PARAMS),
    queryFn: ({ signal }) => listUsers(signal, REPORT_EXECUTIVE_PARAMS),
  });

/** The executives a report can be filtered by, by name; a deactivated one is marked as such. */
export function useReportExecutives(): SelectOption[] {
  const { t } = useTranslation('reports');
  const query = useQuery(reportExecutivesQueryOptions());
  return (query.data?.data ?? []).map((user) => ({
    value: user.id,
    label: user.isActive ? user.name : t('filters.inactiveExecutive', { name: user.name }),
  }));
}
