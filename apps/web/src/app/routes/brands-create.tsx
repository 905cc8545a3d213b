import { BrandCreatePage } from '@/features/brands/components/brand-create-page';

/** /marcas/criar; the shell shows the title from the route handle. */
export function BrandsCreateRoute() {
  return <BrandCreatePage />;
}
