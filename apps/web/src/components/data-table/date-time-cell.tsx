import { useFormatters, type DateInput } from '@/lib/format';

/** A timestamp in a list, as dd/MM/yyyy HH:mm in the current language. */
export function DateTimeCell({ value }: { value: DateInput }) {
  const { dateTime } = useFormatters();
  return <span className="tabular-nums">{dateTime(value)}</span>;
}
