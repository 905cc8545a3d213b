import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { EyeIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Lead } from '@/api/leads';
import { DataTableColumnHeader } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { ContractStatusBadge } from '@/components/contract-status-badge';
import { FranchiseBadges } from '@/components/franchise-badges';
import { LeadStockBadges } from '@/components/lead-stock-badges';
import { LeadStatusAge } from '@/components/lead-status-age';
import { TaskDueMark } from '@/components/tasks/task-due-mark';
import { SelectPageCheckbox, SelectRowCheckbox } from './lead-row-select';

type LeadColumnsOptions = {
  t: TFunction<'leads'>;
  /** Whole reais in the interface language's style (`R$ 1.500`). */
  money: (value: number) => string;
  /** When given, each row offers 'Ver detalhes'. */
  onOpenDetails?: (lead: Lead) => void;
  /** Whether the list takes part in a selection: a first column of checkboxes. */
  selectable?: boolean;
};

const sortable = (
  id: string,
  title: string,
  accessorFn: (lead: Lead) => string | number,
  className?: string,
): ColumnDef<Lead, string | number> => ({
  id,
  accessorFn,
  // Every column's first click sorts ascending, as the header's 'Ordenar crescente' says (TanStack
  // would start numbers descending).
  sortDescFirst: false,
  meta: className ? { className } : undefined,
  header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
});

/** The checkbox column; the checkboxes read the selection from LeadRowSelectionContext. */
const selectColumn: ColumnDef<Lead, string | number> = {
  id: 'select',
  enableSorting: false,
  meta: { className: 'w-10' },
  header: ({ table }) => <SelectPageCheckbox table={table} />,
  cell: ({ row, table }) => <SelectRowCheckbox lead={row.original} table={table} />,
};

/**
 * Marca, Vertical, Cota, Plataforma, Executivo, Praças, Crédito, Investimento, Status, Ações, after
 * the checkboxes when the list takes part in a selection. Sortable column ids are the API's sort
 * fields (LEAD_SORT_FIELDS): the list sorts on the server.
 */
export function getLeadColumns({
  t,
  money,
  onOpenDetails,
  selectable = false,
}: LeadColumnsOptions): ColumnDef<Lead, string | number>[] {
  return [
    ...(selectable ? [selectColumn] : []),
    {
      ...sortable('brand', t('columns.brand'), (lead) => lead.brand_id.name, 'min-w-40 whitespace-normal'),
      // The brand, its assessment, and the units left of the prospectus quotas the lead takes:
      // in the one column every width shows, rather than in one of their own, which would push a
      // list already wider than a 1280 px screen further out.
      cell: ({ row }) => (
        <div className="grid min-w-0 gap-1">
          <div>
            <p className="font-medium [overflow-wrap:anywhere]">{row.original.brand_id.name}</p>
            <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {row.original.assessment}
            </p>
          </div>
          <LeadStockBadges stock={row.original.stock} />
        </div>
      ),
    },
    sortable('vertical', t('columns.vertical'), (lead) => lead.vertical.label, 'hidden md:table-cell'),
    sortable('quota', t('columns.quota'), (lead) => lead.quota.label, 'hidden lg:table-cell'),
    sortable('platform', t('columns.platform'), (lead) => lead.platform.label, 'hidden lg:table-cell'),
    {
      ...sortable(
        'executive',
        t('columns.executive'),
        (lead) => lead.executive?.name ?? '',
        'hidden md:table-cell',
      ),
      cell: ({ row }) => row.original.executive?.name ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'franchises',
      header: t('columns.franchises'),
      enableSorting: false,
      meta: { className: 'hidden xl:table-cell' },
      cell: ({ row }) => <FranchiseBadges franchises={row.original.franchises} className="flex-nowrap" />,
    },
    {
      ...sortable('credit', t('columns.credit'), (lead) => lead.credit),
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.credit)}</span>,
    },
    {
      ...sortable('invest', t('columns.invest'), (lead) => lead.invest),
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.invest)}</span>,
    },
    {
      ...sortable('contract_status', t('columns.status'), (lead) => lead.contract_status),
      // The status, then how long the lead has been in it; a stale one says "Parado há N dias".
      // Under them, an overdue follow-up ("Tarefa atrasada") or the count of open tasks.
      cell: ({ row }) => (
        <div className="grid justify-items-start gap-1">
          <ContractStatusBadge status={row.original.contract_status} />
          <LeadStatusAge lead={row.original} className="whitespace-nowrap" />
          <TaskDueMark record={row.original} className="whitespace-nowrap" />
        </div>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only sm:not-sr-only">{t('columns.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const lead = row.original;
        const edit = t('list.edit', { brand: lead.brand_id.name });
        const details = t('list.details', { brand: lead.brand_id.name });
        return (
          <div className="flex items-center gap-1">
            {onOpenDetails && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={details}
                title={details}
                onClick={() => onOpenDetails(lead)}
              >
                <EyeIcon />
              </Button>
            )}
            <Button variant="ghost" size="icon-sm" asChild>
              <Link to={`/leads/editar/${lead.id}`} aria-label={edit} title={edit}>
                <PencilIcon />
              </Link>
            </Button>
          </div>
        );
      },
    },
  ];
}
