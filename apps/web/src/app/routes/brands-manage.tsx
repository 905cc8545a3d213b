import { BrandsPage } from '@/features/brands/components/brands-page';
import { CreateLeadDialog } from '@/features/leads/components/create-lead-dialog';

/** /marcas/gerenciar, with the leads' create-opportunity dialog on each row; the shell shows the title. */
export function BrandsManageRoute() {
  return (
    <BrandsPage
      opportunityDialog={(brand, onOpenChange) => (
        <CreateLeadDialog brand={brand} onOpenChange={onOpenChange} />
      )}
    />
  );
}
