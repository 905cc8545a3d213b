import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isEditConflict } from '@/lib/http';
import { applySaveError, type SaveErrorTarget } from './save-error';

type SaveFormOptions<TFieldValues extends FieldValues, TTransformed> = Omit<
  SaveErrorTarget<TFieldValues>,
  'setError'
> & {
  /** Saves the valid values; throws (the mutation's error) when the save fails. */
  onSave: (values: TTransformed) => Promise<void>;
  /** The error toast's text when the server says nothing readable: 'Erro ao salvar vertical'. */
  fallback: string;
  /**
   * An edit form's answer to a 412 (someone else saved the record since it was loaded): it shows
   * its own dialog instead of the error toast.
   */
  onConflict?: () => void;
};

/**
 * The submit handler of every create/edit form: validates with the form's schema, then saves. A
 * failed save puts the server's field messages on the fields (applySaveError) and shows one error
 * toast titled 'Erro' with the server's message, else `fallback`. Success is the caller's: its
 * `onSave` shows the success toast and closes the dialog.
 */
export function useSaveForm<TFieldValues extends FieldValues, TTransformed>(
  form: Pick<UseFormReturn<TFieldValues, unknown, TTransformed>, 'handleSubmit' | 'setError'>,
  { onSave, fallback, fields, conflictField, onConflict }: SaveFormOptions<TFieldValues, TTransformed>,
) {
  const { t } = useTranslation('common');
  return form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (onConflict && isEditConflict(error)) {
        onConflict();
        return;
      }
      const message = applySaveError(error, { setError: form.setError, fields, conflictField }, fallback);
      toast.error(t('errorTitle'), { description: message });
    }
  });
}
