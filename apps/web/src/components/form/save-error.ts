import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getErrorMessage, HttpError } from '@/lib/http';

export type SaveErrorTarget<TFieldValues extends FieldValues> = {
  setError: UseFormSetError<TFieldValues>;
  /** The form's fields a server issue may name; an issue about anything else goes to the toast. */
  fields: readonly Path<TFieldValues>[];
  /** Where a 409's message belongs (a taken name, a taken email); without it, only the toast. */
  conflictField?: Path<TFieldValues>;
};

/**
 * Puts a failed save's server messages where the user looks: each validation issue
 * (`issues[].path`) on the form's field of that name, a 409 on `conflictField`. Returns the text
 * for the error toast: the server's message (a 403's 'Acesso negado' included), else `fallback`
 * (the network failed, or the server said nothing readable).
 */
export function applySaveError<TFieldValues extends FieldValues>(
  error: unknown,
  target: SaveErrorTarget<TFieldValues>,
  fallback: string,
): string {
  if (error instanceof HttpError) {
    const fields: readonly string[] = target.fields;
    for (const issue of error.issues) {
      if (fields.includes(issue.path)) {
        target.setError(issue.path as Path<TFieldValues>, { type: 'server', message: issue.message });
      }
    }
    if (error.status === 409 && target.conflictField && error.serverMessage) {
      target.setError(target.conflictField, { type: 'server', message: error.serverMessage });
    }
  }
  return getErrorMessage(error, fallback);
}
