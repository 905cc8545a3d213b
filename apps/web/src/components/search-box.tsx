import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';

type SearchBoxProps = {
  value: string;
  onChange: (text: string) => void;
  /** Both the placeholder and the accessible name (the box has no visible label). */
  label: string;
};

/** A list's search box, with its magnifier; full width on a phone, 20 rem from `sm` up. */
export function SearchBox({ value, onChange, label }: SearchBoxProps) {
  return (
    <div className="relative w-full sm:w-80">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        className="pl-8"
      />
    </div>
  );
}
