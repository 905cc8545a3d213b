import type { CatalogueResource } from '@funil/shared';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { CataloguePage } from '@/features/catalogues/components/catalogue-page';

/**
 * A catalogue screen for the signed-in user: create and edit buttons only with the
 * catalogue.write permission (a 403 would otherwise be the first the user hears of it).
 */
export function CatalogueRoute({ resource }: { resource: CatalogueResource }) {
  return <CataloguePage resource={resource} canManage={usePermission('catalogue.write')} />;
}
