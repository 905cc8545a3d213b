import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toCsv } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { reportCsvRows } from '../utils/report-csv';
import type { ReportTableData } from '../utils/report-tables';

type ExportCsvButtonProps = {
  data: ReportTableData;
  /** The file's name without `.csv`. */
  fileName: string;
  /** What the table is, for the button's accessible name ("Exportar … como CSV"). */
  tableName: string;
};

/**
 * Downloads a table as the user's spreadsheet program expects a CSV in their language: its
 * separators, and figures as numbers it can sum rather than the page's formatted text.
 */
export function ExportCsvButton({ data, fileName, tableName }: ExportCsvButtonProps) {
  const { t, i18n } = useTranslation('reports');
  const download = () => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    const text = toCsv(reportCsvRows(data, language), language);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={download}
      disabled={data.rows.length === 0}
      aria-label={t('export.label', { table: tableName })}
    >
      <Download aria-hidden />
      {t('export.button')}
    </Button>
  );
}
