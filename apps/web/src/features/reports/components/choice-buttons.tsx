import { Button } from '@/components/ui/button';

type ChoiceButtonsProps<T extends string> = {
  /** The id of the visible text that names the group. */
  labelId: string;
  options: readonly T[];
  value: T;
  optionLabel: (option: T) => string;
  onChange: (option: T) => void;
};

/** A row of toggle buttons of which one is pressed: the period's presets, the grouping. */
export function ChoiceButtons<T extends string>({
  labelId,
  options,
  value,
  optionLabel,
  onChange,
}: ChoiceButtonsProps<T>) {
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
      {options.map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={option === value ? 'default' : 'outline'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {optionLabel(option)}
        </Button>
      ))}
    </div>
  );
}
