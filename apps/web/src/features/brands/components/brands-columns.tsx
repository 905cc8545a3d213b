import type { Brand } from '@funil/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { HandCoinsIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataTableColumnHeader, StatusBadgeCell } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { TaskDueMark } from '@/components/tasks/task-due-mark';
import { formatPhone } from '@/lib/phone';
import { BrandLogo } from './brand-logo';

type BrandColumnsOptions = {
  t: TFunction<'brands'>;
  /** Opens the create-opportunity dialog for a brand. */
  onCreateOpportunity: (brand: Brand) => void;
};

/**
 * Marca (picture, name, legal name), Contato principal, Email, Telefone, Status, Ações (create an
 * opportunity, edit). Sortable column ids are the API's sort fields (the list is sorted on the server).
 */
export function getBrandColumns({ t, onCreateOpportunity }: BrandColumnsOptions): ColumnDef<Brand>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      meta: { className: 'min-w-48 whitespace-normal' },
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('columns.brand')} />,
      cell: ({ row }) => (
        <div className="flex items-center gap-3">
          <BrandLogo name={row.original.name} src={row.original.image_url} className="hidden h-9 sm:flex" />
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">{row.original.name}</p>
            <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {row.original.company_name}
            </p>
            <TaskDueMark record={row.original} className="mt-0.5" />
          </div>
        </div>
      ),
    },
    {
      id: 'mainContact',
      header: t('columns.mainContact'),
      enableSorting: false,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) =>
        row.original.principal_contact ? (
          row.original.principal_contact.name
        ) : (
          <span className="text-muted-foreground italic">{t('list.noPrincipalContact')}</span>
        ),
    },
    {
      id: 'email',
      header: t('columns.email'),
      enableSorting: false,
      meta: { className: 'hidden lg:table-cell' },
      cell: ({ row }) => (
        <span className="text-muted-foreground">{row.original.principal_contact?.email}</span>
      ),
    },
    {
      id: 'phone',
      header: t('columns.phone'),
      enableSorting: false,
      meta: { className: 'hidden xl:table-cell' },
      cell: ({ row }) => {
        const phone = row.original.principal_contact?.phone_number;
        return phone ? <span className="whitespace-nowrap tabular-nums">{formatPhone(phone)}</span> : null;
      },
    },
    {
      id: 'status',
      header: t('columns.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusBadgeCell isActive={row.original.status === 'active'} />,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only sm:not-sr-only">{t('columns.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const brand = row.original;
        const create = t('list.createOpportunity', { name: brand.name });
        const edit = t('list.edit', { name: brand.name });
        return (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={create}
              title={create}
              onClick={() => onCreateOpportunity(brand)}
            >
              <HandCoinsIcon />
            </Button>
            <Button variant="ghost" size="icon-sm" asChild>
              <Link to={`/marcas/editar/${brand.id}`} aria-label={edit} title={edit}>
                <PencilIcon />
              </Link>
            </Button>
          </div>
        );
      },
    },
  ];
}
