import type { CatalogueItem } from '@funil/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { PencilIcon } from 'lucide-react';
import { DataTableColumnHeader } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DateInput } from '@/lib/format';

type CatalogueColumnsOptions = {
  t: TFunction<'catalogues'>;
  formatDateTime: (value: DateInput) => string;
  /** Null: the reader may not edit, and the Ações column is left out. */
  onEdit: ((item: CatalogueItem) => void) | null;
};

// Names and labels run to 100 characters: they wrap (anywhere, if a word is longer than the cell)
// instead of pushing Status and the edit button out of a phone's screen.
const WRAPPING_TEXT = 'whitespace-normal [overflow-wrap:anywhere]';

/** Nome, Label, Status, Criado em, Atualizado em (dd/MM/yyyy HH:mm), Ações (edit only). */
export function catalogueColumns({ t, formatDateTime, onEdit }: CatalogueColumnsOptions) {
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
      cell: ({ row }) =>
        row.original.status === 'active' ? (
          <Badge variant="success">{t('status.active')}</Badge>
        ) : (
          <Badge variant="secondary">{t('status.inactive')}</Badge>
        ),
    },
    {
      accessorKey: 'createdAt',
      // Narrow screens keep what identifies a row and its edit button in view.
      meta: { className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.createdAt')} />,
      cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.createdAt)}</span>,
    },
    {
      accessorKey: 'updatedAt',
      meta: { className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.updatedAt')} />,
      cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.updatedAt)}</span>,
    },
  ];
  if (onEdit) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only sm:not-sr-only">{t('columns.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('editItem', { name: row.original.name })}
          title={t('editItem', { name: row.original.name })}
          onClick={() => onEdit(row.original)}
        >
          <PencilIcon />
        </Button>
      ),
    });
  }
  return columns;
}
