import { CATALOGUE_WRITE_ROLES, type CatalogueResource } from '@funil/shared';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CatalogueScreen } from '@/features/catalogues/components/catalogue-screen';

/**
 * A catalogue screen for the signed-in user: create and edit buttons only for the roles the API
 * lets write (a 403 would otherwise be the first the user hears of it).
 */
export function CatalogueRoute({ resource }: { resource: CatalogueResource }) {
  const { user } = useAuth();
  const canEdit =
    user?.roles.some((role) => (CATALOGUE_WRITE_ROLES as readonly string[]).includes(role)) ?? false;
  return <CatalogueScreen resource={resource} canEdit={canEdit} />;
}
