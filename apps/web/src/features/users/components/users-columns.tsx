import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Pencil } from 'lucide-react';
import type { User } from '@/api/users';
import { DataTableColumnHeader } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { displayRoles } from '../utils/roles';

type UserColumnsOptions = {
  t: TFunction<'users'>;
  formatDateTime: (value: string) => string;
  /** Absent for a reader who may not edit: no actions column then. */
  onEdit?: (user: User) => void;
};

/** SPEC.md §2: name, email, profiles, status, created at (dd/MM/yyyy HH:mm), actions (edit). */
export function getUserColumns({ t, formatDateTime, onEdit }: UserColumnsOptions): ColumnDef<User>[] {
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
      // SPEC.md §3: false means inactive; anything else is active.
      cell: ({ row }) =>
        row.original.isActive === false ? (
          <Badge variant="secondary">{t('status.inactive')}</Badge>
        ) : (
          <Badge variant="success">{t('status.active')}</Badge>
        ),
    },
    {
      accessorKey: 'createdAt',
      meta: { className: 'hidden lg:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.createdAt')} />,
      cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.createdAt)}</span>,
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
          onClick={() => onEdit(row.original)}
          aria-label={t('editAction', { name: row.original.name })}
          title={t('editAction', { name: row.original.name })}
        >
          <Pencil />
        </Button>
      ),
    });
  }
  return columns;
}
