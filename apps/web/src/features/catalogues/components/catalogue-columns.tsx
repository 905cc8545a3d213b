import type { CatalogueItem } from '@funil/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import {
  DataTableColumnHeader,
  DateTimeCell,
  editActionColumn,
  StatusBadgeCell,
} from '@/components/data-table';

type CatalogueColumnsOptions = {
  t: TFunction<'catalogues'>;
  /** Absent for a reader who may not edit: no Ações column then. */
  onEdit?: (item: CatalogueItem) => void;
};

// Names and labels run to 100 characters: they wrap (anywhere, if a word is longer than the cell)
// instead of pushing Status and the edit button out of a phone's screen.
const WRAPPING_TEXT = 'whitespace-normal [overflow-wrap:anywhere]';

/** Nome, Label, Status, Criado em, Atualizado em (dd/MM/yyyy HH:mm), Ações (edit only). */
export function getCatalogueColumns({
  t,
  onEdit,
}: CatalogueColumnsOptions): ColumnDef<CatalogueItem, string>[] {
  const columns: ColumnDef<CatalogueItem, string>[] = [
    {
      accessorKey: 'name',
      meta: { className: WRAPPING_TEXT },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.name')} />,
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    {
      accessorKey: 'label',
      meta: { className: WRAPPING_TEXT },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.label')} />,
    },
    {
      accessorKey: 'status',
      header: t('columns.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusBadgeCell isActive={row.original.status === 'active'} />,
    },
    {
      accessorKey: 'createdAt',
      // Narrow screens keep what identifies a row and its edit button in view.
      meta: { className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.createdAt')} />,
      cell: ({ row }) => <DateTimeCell value={row.original.createdAt} />,
    },
    {
      accessorKey: 'updatedAt',
      meta: { className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.updatedAt')} />,
      cell: ({ row }) => <DateTimeCell value={row.original.updatedAt} />,
    },
  ];
  if (onEdit) columns.push(editActionColumn(onEdit));
  return columns;
}
