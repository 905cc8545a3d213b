import type { ColumnDef } from '@tanstack/react-table';
import { PencilIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The 'Ações' column: one pencil button a row, named 'Editar <name>'. Not sortable. */
export function editActionColumn<TData extends { name: string }, TValue = unknown>(
  onEdit: (row: TData) => void,
): ColumnDef<TData, TValue> {
  return {
    id: 'actions',
    header: () => <ActionsHeader />,
    enableSorting: false,
    cell: ({ row }) => <EditButton name={row.original.name} onClick={() => onEdit(row.original)} />,
  };
}

function ActionsHeader() {
  const { t } = useTranslation('table');
  return <span className="sr-only sm:not-sr-only">{t('actions')}</span>;
}

function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('table');
  const label = t('editRow', { name });
  return (
    <Button variant="ghost" size="icon-sm" aria-label={label} title={label} onClick={onClick}>
      <PencilIcon />
    </Button>
  );
}
