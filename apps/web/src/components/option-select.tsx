import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** One choice of a select: what it holds (an id, a year, a status) and the words it shows. */
export type SelectOption = { value: string; label: string };

/** The select's value for "none" (Radix refuses an empty item value); callers see ''. */
const NONE = '__none__';

type OptionSelectProps = {
  /** The chosen option's value; '' for none. */
  value: string;
  /** The chosen option's value, or '' when the "none" item is chosen. */
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Offers a first item that stands for none (''), with these words. */
  noneLabel?: string;
  noneClassName?: string;
  /** Shown while nothing is chosen and there is no "none" item. */
  placeholder?: string;
  disabled?: boolean;
  /** The hidden native select's name, for a select inside a form. */
  name?: string;
  /** The trigger's id, aria attributes, ref and blur handler. */
  trigger: Omit<ComponentProps<typeof SelectTrigger>, 'children' | 'className'>;
};

/**
 * A full-width select over a list of options, with an optional first item for "none": the form
 * selects (an empty field) and the pipeline filters ("Todos") are this one select.
 */
export function OptionSelect({
  value,
  onChange,
  options,
  noneLabel,
  noneClassName,
  placeholder,
  disabled,
  name,
  trigger,
}: OptionSelectProps) {
  return (
    <Select
      value={value === '' && noneLabel ? NONE : value}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      disabled={disabled}
      name={name}
    >
      <SelectTrigger {...trigger} className="w-full">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && (
          <SelectItem value={NONE} className={noneClassName}>
            {noneLabel}
          </SelectItem>
        )}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
