import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

type SwitchFieldProps<Values extends FieldValues> = {
  id: string;
  label: string;
  control: Control<Values>;
  name: Path<Values>;
  disabled?: boolean;
};

/** A yes/no field ('Permuta', 'Lei Rouanet'): a switch with its label beside it. */
export function SwitchField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  disabled,
}: SwitchFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3 rounded-md border px-3 py-2">
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
          />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
