import { useParams } from 'react-router';
import { BrandEditPage } from '@/features/brands/components/brand-edit-page';

/** /marcas/editar/:id: the brand form with the brand's contacts under it. */
export function BrandsEditRoute() {
  const { id = '' } = useParams();
  // The contacts table (features/contacts) is composed in here once it lands.
  return <BrandEditPage key={id} brandId={id} contacts={null} />;
}
