import type { ReactElement } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { type FieldControlProps, FormField } from '@/components/form/form-field';

/** The props every react-hook-form controlled field takes. */
export type ControlledFieldProps<Values extends FieldValues> = {
  id: string;
  label: string;
  control: Control<Values>;
  name: Path<Values>;
  error?: string;
  disabled?: boolean;
};

type ControlledFieldRenderProps<Values extends FieldValues> = Omit<
  ControlledFieldProps<Values>,
  'disabled'
> & {
  /** The control, given the props that tie it to its label and error and the form's field. */
  children: (
    fieldControl: FieldControlProps,
    field: ControllerRenderProps<Values, Path<Values>>,
  ) => ReactElement;
};

/**
 * A FormField whose control is driven through react-hook-form's Controller: for controls that are
 * not a native input (a Radix select, a masked number), which `register` cannot reach.
 */
export function ControlledField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  error,
  children,
}: ControlledFieldRenderProps<Values>) {
  return (
    <FormField id={id} label={label} error={error}>
      {(fieldControl) => (
        <Controller control={control} name={name} render={({ field }) => children(fieldControl, field)} />
      )}
    </FormField>
  );
}
