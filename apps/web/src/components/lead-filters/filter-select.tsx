import { OptionSelect, type SelectOption } from '@/components/option-select';
import { Label } from '@/components/ui/label';

type FilterSelectProps = {
  id: string;
  label: string;
  anyLabel: string;
  /** '' for no filter. */
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
};

/**
 * One of the panel's dropdowns: its label, "Todos", then the options. As narrow as its cell of the
 * panel's grid (a long name is cut in the box, whole in the list), never wider.
 */
export function FilterSelect({ id, label, anyLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        value={value}
        onChange={onChange}
        options={options}
        noneLabel={anyLabel}
        trigger={{ id }}
      />
    </div>
  );
}
