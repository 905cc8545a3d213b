import { BrandsPage } from '@/features/brands/components/brands-page';

/** /marcas/gerenciar; the shell shows the title from the route handle. */
export function BrandsManageRoute() {
  return <BrandsPage />;
}
