import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/form/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What a field's control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  /** The control's id; the hint and the error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  /** A shared schema's message (an i18n key) or plain text; nothing is shown while undefined. */
  error?: string;
  /** A short help line between the control and the error, read with the control. */
  hint?: string;
  /** Shown at the right of the label, such as the 'Esqueceu a senha?' link. */
  labelAside?: ReactNode;
  /** Shown under the error, such as a password strength badge. */
  footer?: ReactNode;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A form field: its label, the control, an optional hint and the translated error under it. */
export function FormField({ id, label, error, hint, labelAside, footer, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className="grid gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
      {footer}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'children'> &
  Omit<FormFieldProps, 'children'>;

/** A FormField over a plain Input; pass `register(name)`'s result and the input's own props. */
export function TextField({ id, label, error, hint, labelAside, footer, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside} footer={footer}>
      {(control) => <Input {...control} {...inputProps} />}
    </FormField>
  );
}
