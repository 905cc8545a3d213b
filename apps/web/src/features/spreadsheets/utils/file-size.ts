import { toLanguage, type Language } from '@/i18n/languages';

const NUMBER_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-BR', en: 'en-US', es: 'es-ES' };

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A size as people read it, in the language's digits: whole kilobytes under a megabyte ("512 KB"),
 * megabytes with one decimal above ("12,3 MB", "10 MB"). A megabyte is 1024 × 1024 bytes, as the
 * import's limit counts it.
 */
export function formatFileSize(bytes: number, language?: string): string {
  const locale = NUMBER_LOCALES[toLanguage(language)];
  if (bytes < MB) {
    const kilobytes = bytes <= 0 ? 0 : Math.max(1, Math.round(bytes / KB));
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(kilobytes)} KB`;
  }
  // Rounded down, so a download never reads as finished ("10 MB of 10 MB") before it is.
  const megabytes = Math.floor((bytes / MB) * 10) / 10;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(megabytes)} MB`;
}

/** Whole numbers in the language's grouping ("1.000.000" in pt-BR, "1,000,000" in en). */
export function formatCount(value: number, language?: string): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[toLanguage(language)]).format(value);
}

/** How much of a download has arrived (0 to 1), or null when its size is unknown. */
export function downloadFraction(received: number, total: number | null): number | null {
  if (total === null || !Number.isFinite(total) || total <= 0) return null;
  return Math.min(1, Math.max(0, received / total));
}

/** A Content-Length header as a number of bytes; null when absent or not a number. */
export function contentLength(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}
