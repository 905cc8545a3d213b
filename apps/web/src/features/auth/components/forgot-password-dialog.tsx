import { FORGOT_PASSWORD_AUTO_CLOSE_MS, forgotPasswordSchema, type ForgotPasswordInput } from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '@/api/auth';
import { TextField } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/http';

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Idle → sending (fields disabled, spinner) → success (message, 'Enviado', form
 * reset, closes after 3 s) or error. The server emails a one-time LINK, never a password (docs/api.md),
 * so the texts say a link was sent.
 */
export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const isSending = request.isPending;
  const isSent = request.isSuccess;

  const { reset: resetRequest } = request;
  // Closing, by hand or by the 3-second timer, clears the error, the success flag and the form.
  const handleOpenChange = useCallback(
    (next: boolean) => {
      if (!next) {
        resetRequest();
        reset();
      }
      onOpenChange(next);
    },
    [onOpenChange, reset, resetRequest],
  );

  useEffect(() => {
    if (!isSent) return;
    const timer = window.setTimeout(() => handleOpenChange(false), FORGOT_PASSWORD_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isSent, handleOpenChange]);

  const handleValidSubmit = ({ email }: ForgotPasswordInput) => {
    request.mutate({ email }, { onSuccess: () => reset() });
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('forgot.title')}</DialogTitle>
          <DialogDescription>{t('forgot.description')}</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
          <TextField
            id="forgot-email"
            label={t('forgot.email')}
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('login.emailPlaceholder')}
            disabled={isSending || isSent}
            {...register('email')}
          />

          {isSent && (
            <Alert>
              <CheckCircle2 aria-hidden className="text-emerald-600 dark:text-emerald-400" />
              <AlertDescription>{t('forgot.success')}</AlertDescription>
            </Alert>
          )}
          {request.isError && (
            <Alert variant="destructive">
              <AlertCircle aria-hidden />
              <AlertDescription>{getErrorMessage(request.error, t('forgot.requestError'))}</AlertDescription>
            </Alert>
          )}

          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => handleOpenChange(false)}
              disabled={isSending}
            >
              {t('forgot.cancel')}
            </Button>
            <Button type="submit" disabled={isSending || isSent}>
              {isSending && <Loader2 className="animate-spin" aria-hidden />}
              {isSent ? t('forgot.sent') : isSending ? t('forgot.sending') : t('forgot.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
