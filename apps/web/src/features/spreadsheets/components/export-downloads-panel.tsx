import { LoaderCircleIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cancelExport, type ExportDownload, useExportDownloads } from '../hooks/use-export-downloads';
import { downloadFraction, formatCount, formatFileSize } from '../utils/file-size';

/**
 * The exports under way, in a small panel at the bottom of every signed-in screen: what is being
 * exported, the megabytes received (of the total when known), the rows expected, and Cancel.
 * Screen readers hear when one starts; the byte count itself is not announced at every chunk.
 */
export function ExportDownloadsPanel() {
  const { t } = useTranslation('spreadsheets');
  const downloads = useExportDownloads();
  return (
    <section
      aria-label={t('export.panelLabel')}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 grid gap-2 sm:right-auto sm:w-80"
    >
      <div role="status" className="sr-only">
        {downloads.map((download) => (
          <p key={download.id}>
            {t('export.title', { what: t(`kinds.${download.kind}`), format: t(`export.${download.format}`) })}
          </p>
        ))}
      </div>
      {downloads.map((download) => (
        <ExportProgress key={download.id} download={download} />
      ))}
    </section>
  );
}

function ExportProgress({ download }: { download: ExportDownload }) {
  const { t, i18n } = useTranslation('spreadsheets');
  const language = i18n.resolvedLanguage;
  const what = t(`kinds.${download.kind}`);
  const fraction = downloadFraction(download.received, download.total);
  const size = formatFileSize(download.received, language);
  const progressText = !download.started
    ? t('export.preparing')
    : download.total === null
      ? t('export.received', { size })
      : t('export.receivedOf', { size, total: formatFileSize(download.total, language) });
  return (
    <div className="pointer-events-auto grid gap-2 rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg">
      <div className="flex items-start gap-2">
        <LoaderCircleIcon
          aria-hidden
          className="mt-0.5 size-4 shrink-0 text-muted-foreground motion-safe:animate-spin"
        />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="text-sm font-medium">
            {t('export.title', { what, format: t(`export.${download.format}`) })}
          </p>
          <p className="text-xs text-muted-foreground tabular-nums">
            {progressText}
            {download.expectedRows !== null &&
              ` · ${t('export.expectedRows', {
                count: download.expectedRows,
                formatted: formatCount(download.expectedRows, language),
              })}`}
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="-my-1 shrink-0"
          aria-label={t('export.cancelLabel', { what })}
          onClick={() => cancelExport(download.id)}
        >
          <XIcon aria-hidden />
          {t('export.cancel')}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={t('export.progressLabel', { what })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
        aria-valuetext={progressText}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            fraction === null
              ? 'h-full w-1/3 rounded-full bg-primary motion-safe:animate-pulse'
              : 'h-full rounded-full bg-primary transition-[width]'
          }
          style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
        />
      </div>
    </div>
  );
}
