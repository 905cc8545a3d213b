import { usePermission } from '@/features/auth/hooks/use-permission';
import { ImportWizard } from '@/features/spreadsheets/components/import-wizard';

/** /importar?tipo=marcas|oportunidades|contatos|prospecto: the spreadsheet import wizard. */
export function SpreadsheetsImportRoute() {
  return <ImportWizard canImportProspectus={usePermission('prospectus.write')} />;
}
