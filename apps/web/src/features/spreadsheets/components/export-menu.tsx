import { EXPORT_FORMATS, type SpreadsheetKind } from '@funil/shared';
import { ChevronDownIcon, DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { QueryParams } from '@/lib/http';
import { startExport, useExportDownloads } from '../hooks/use-export-downloads';

type ExportMenuProps = {
  kind: SpreadsheetKind;
  /** The list's filters and sort, as its own query sends them: the export holds the same records. */
  params: QueryParams;
  /** How many rows the file should hold, when the screen knows (shown beside the progress). */
  expectedRows?: number | null;
};

/**
 * "Exportar" ▾ CSV / Excel (XLSX): downloads what the list shows (every page of it), with the
 * progress in the shell's export panel. Off while an export of the same records is under way.
 */
export function ExportMenu({ kind, params, expectedRows }: ExportMenuProps) {
  const { t } = useTranslation('spreadsheets');
  const running = useExportDownloads().some((download) => download.kind === kind);
  const what = t(`kinds.${kind}`);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('export.buttonLabel', { what })}
          disabled={running}
          title={running ? t('export.running') : undefined}
        >
          <DownloadIcon aria-hidden />
          {t('export.button')}
          <ChevronDownIcon aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('export.menuLabel')}</DropdownMenuLabel>
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem
            key={format}
            onSelect={() => void startExport({ kind, format, params, expectedRows: expectedRows ?? null })}
          >
            {t(`export.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
