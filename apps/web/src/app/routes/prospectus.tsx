import { usePermission } from '@/features/auth/hooks/use-permission';
import { ProspectusPage } from '@/features/prospectus/components/prospectus-page';
import { ExportMenu } from '@/features/spreadsheets/components/export-menu';
import { ImportLink } from '@/features/spreadsheets/components/import-link';

/**
 * /prospecto: the year's quotas and what is left of them, for every signed-in user; admins and
 * managers change them. The spreadsheets feature gives the export of the year shown (anyone) and
 * the import (who may change the prospectus).
 */
export function ProspectusRoute() {
  const canWrite = usePermission('prospectus.write');
  return (
    <ProspectusPage
      canWrite={canWrite}
      actions={(year) => (
        <>
          <ExportMenu kind="offerings" params={{ prospectus_year: year }} />
          {canWrite && <ImportLink kind="offerings" />}
        </>
      )}
    />
  );
}
