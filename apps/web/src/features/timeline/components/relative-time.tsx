import { useNow } from '@/components/hooks/use-now';
import { useFormatters } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';

/** When something happened, in words ("há 5 minutos"), with the date and time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const format = useFormatters();
  const now = useNow();
  return (
    <time dateTime={iso} title={format.dateTimeLong(iso)}>
      {formatRelativeTime(iso, now, format.language, { past: true })}
    </time>
  );
}
