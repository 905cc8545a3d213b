import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmPasswordReset } from '@/api/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toastLater } from '@/lib/toast-later';
import { getErrorMessage } from '@/lib/http';
import { endSession } from '../utils/session';
import { AuthLayout } from './auth-layout';
import { PasswordField } from './password-field';
import { PasswordStrengthBadge } from './password-strength-badge';

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * /redefinir-senha?token=… — the page the reset email links to (docs/api.md, Auth). The token is spent
 * by the server on success, and every session of that user is revoked, this browser's included.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmPasswordReset();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const isSaving = confirm.isPending;

  const handleValidSubmit = ({ password: secret }: ResetPasswordFormInput) => {
    confirm.mutate(
      { token, password: secret },
      {
        onSuccess: async () => {
          endSession();
          queryClient.clear();
          toastLater.success(t('reset.success'));
          await navigate('/login', { replace: true });
        },
      },
    );
  };

  const backToLogin = (
    <Link to="/login" className={LINK_CLASS}>
      {t('reset.backToLogin')}
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>
            {t('reset.missingToken')}. {t('reset.requestNew')}
          </AlertDescription>
        </Alert>
        <p className="text-center text-sm">{backToLogin}</p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
        <PasswordField
          id="reset-password"
          label={t('reset.password')}
          error={errors.password?.message}
          footer={<PasswordStrengthBadge password={password} />}
          autoComplete="new-password"
          placeholder={t('register.passwordPlaceholder')}
          disabled={isSaving}
          {...register('password')}
        />

        <PasswordField
          id="reset-confirm"
          label={t('reset.confirmPassword')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          placeholder={t('register.confirmPasswordPlaceholder')}
          disabled={isSaving}
          {...register('confirmPassword')}
        />

        {confirm.isError && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>
              <span>{getErrorMessage(confirm.error, t('reset.error'))}</span>
              {backToLogin}
            </AlertDescription>
          </Alert>
        )}

        <Button type="submit" size="lg" className="w-full" disabled={isSaving}>
          {isSaving && <Loader2 className="animate-spin" aria-hidden />}
          {isSaving ? t('reset.submitting') : t('reset.submit')}
        </Button>

        <p className="text-center text-sm">{backToLogin}</p>
      </form>
    </AuthLayout>
  );
}
