/** Saves a Blob under `fileName` the way every browser allows: an object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the next task; the URL would otherwise hold it in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's IANA time zone ("America/Sao_Paulo"), the one an export writes its dates in. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
