import { useParams } from 'react-router';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { BrandEditPage } from '@/features/brands/components/brand-edit-page';
import { ContactsTable } from '@/features/contacts/components/contacts-table';
import { ExportMenu } from '@/features/spreadsheets/components/export-menu';
import { RecordTasks } from '../record-tasks';
import { Timeline } from '../timeline';

/** /marcas/editar/:id: the brand form with the brand's contacts (and their export) under it, then its timeline. */
export function BrandsEditRoute() {
  const { id = '' } = useParams();
  const canDelete = usePermission('record.delete');
  return (
    <BrandEditPage
      // A fresh screen (form values, pending lookups) for each brand opened.
      key={id}
      brandId={id}
      contacts={(brand) => (
        <ContactsTable
          brandId={brand.id}
          brandName={brand.name}
          canDelete={canDelete}
          actions={<ExportMenu kind="contacts" params={{ brand_id: brand.id }} />}
        />
      )}
      tasks={(brand) => <RecordTasks record={{ type: 'brand', id: brand.id, name: brand.name }} />}
      timeline={(brand) => <Timeline record={{ type: 'brand', id: brand.id }} showHeading={false} />}
    />
  );
}
