import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { User } from '@/api/users';
import {
  DataTableColumnHeader,
  DateTimeCell,
  editActionColumn,
  StatusBadgeCell,
} from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { displayRoles } from '../utils/roles';

type UserColumnsOptions = {
  t: TFunction<'users'>;
  /** Absent for a reader who may not edit: no actions column then. */
  onEdit?: (user: User) => void;
};

/** Nome, Email, Perfis, Status, Criado em (dd/MM/yyyy HH:mm), Ações (edit only). */
export function getUserColumns({ t, onEdit }: UserColumnsOptions): ColumnDef<User>[] {
  const columns: ColumnDef<User>[] = [
    {
      accessorKey: 'name',
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.name')} />,
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    {
      accessorKey: 'email',
      // On a phone, name, status and the edit button must fit: roles show from sm, email from md.
      meta: { className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.email')} />,
      cell: ({ row }) => <span className="text-muted-foreground">{row.original.email}</span>,
    },
    {
      id: 'roles',
      meta: { className: 'hidden sm:table-cell' },
      header: t('columns.roles'),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {displayRoles(row.original.roles).map((role) => (
            <Badge key={role} variant="outline">
              {t(`roles.${role}`)}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      accessorKey: 'isActive',
      header: t('columns.status'),
      enableSorting: false,
      // Only false means inactive (an older API may leave the field out).
      cell: ({ row }) => <StatusBadgeCell isActive={row.original.isActive !== false} />,
    },
    {
      accessorKey: 'createdAt',
      meta: { className: 'hidden lg:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.createdAt')} />,
      cell: ({ row }) => <DateTimeCell value={row.original.createdAt} />,
    },
  ];
  if (onEdit) columns.push(editActionColumn(onEdit));
  return columns;
}
