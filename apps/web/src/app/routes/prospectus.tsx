import { usePermission } from '@/features/auth/hooks/use-permission';
import { ProspectusPage } from '@/features/prospectus/components/prospectus-page';

/** /prospecto: the year's quotas and what is left of them, for every signed-in user; admins and managers change them. */
export function ProspectusRoute() {
  const canWrite = usePermission('prospectus.write');
  return <ProspectusPage canWrite={canWrite} />;
}
