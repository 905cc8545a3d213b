import { useTranslation } from 'react-i18next';

type FieldErrorProps = {
  id: string;
  /** A shared schema's message: an i18n key such as "validation:auth.email_invalid", or plain text. */
  message: string | undefined;
};

/** A form field's error line, in the reader's language. */
export function FieldError({ id, message }: FieldErrorProps) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {/* Keys come from packages/shared at run time, so they cannot be checked as literal types. */}
      {t(message as never)}
    </p>
  );
}
