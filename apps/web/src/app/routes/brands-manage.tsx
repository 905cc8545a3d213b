import { BrandsPage } from '@/features/brands/components/brands-page';
import { CreateLeadDialog } from '@/features/leads/components/create-lead-dialog';
import { ExportMenu } from '@/features/spreadsheets/components/export-menu';
import { ImportLink } from '@/features/spreadsheets/components/import-link';

/**
 * /marcas/gerenciar, with the leads' create-opportunity dialog on each row and the spreadsheets'
 * export (of what the list shows) and import; the shell shows the title.
 */
export function BrandsManageRoute() {
  return (
    <BrandsPage
      opportunityDialog={(brand, onOpenChange) => (
        <CreateLeadDialog brand={brand} onOpenChange={onOpenChange} />
      )}
      toolbarActions={(view) => (
        <>
          <ExportMenu kind="brands" params={view} />
          <ImportLink kind="brands" />
        </>
      )}
    />
  );
}
