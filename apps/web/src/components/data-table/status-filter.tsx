import type { RecordStatus } from '@funil/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export const STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The list's `status` parameter for a filter choice ('all' sends none). */
export const statusParam = (filter: StatusFilter): RecordStatus | undefined =>
  filter === 'all' ? undefined : filter;

type StatusFilterSelectProps = {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
  /**
   * The select's accessible name ('Filtrar por status') and each choice's words, agreeing with the
   * list's noun ('Ativos' for verticals, 'Ativas' for brands): the list's `statusFilter` texts.
   */
  texts: { label: string } & Record<StatusFilter, string>;
};

/** A list's Ativos / Inativos / Todos filter, for its toolbar. */
export function StatusFilterSelect({ value, onChange, texts }: StatusFilterSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as StatusFilter)}>
      <SelectTrigger size="sm" className="w-32" aria-label={texts.label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {STATUS_FILTERS.map((filter) => (
          <SelectItem key={filter} value={filter}>
            {texts[filter]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
