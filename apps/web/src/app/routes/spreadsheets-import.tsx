import { ImportWizard } from '@/features/spreadsheets/components/import-wizard';

/** /importar?tipo=marcas|oportunidades|contatos: the spreadsheet import wizard. */
export function SpreadsheetsImportRoute() {
  return <ImportWizard />;
}
