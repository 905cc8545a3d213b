import { CONTRACT_STATUSES, type ContractStatus } from '@funil/shared';

/** The collapsed columns as kept in `kanban-collapsed-columns` (a JSON list of statuses). */
export function parseCollapsedColumns(stored: string | null): ContractStatus[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return CONTRACT_STATUSES.filter((status) => value.includes(status));
  } catch {
    return [];
  }
}

export const serializeCollapsedColumns = (columns: ContractStatus[]) => JSON.stringify(columns);

export function toggleColumn(columns: ContractStatus[], status: ContractStatus): ContractStatus[] {
  return columns.includes(status)
    ? columns.filter((candidate) => candidate !== status)
    : CONTRACT_STATUSES.filter((candidate) => candidate === status || columns.includes(candidate));
}
