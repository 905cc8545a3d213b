import { registerFormSchema, type RegisterFormInput } from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TextField } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';
import { PasswordField } from './password-field';
import { PasswordStrengthBadge } from './password-strength-badge';

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** /register: the same split layout as the login page. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { full_name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  // confirmPassword stays in the form; the API receives name, email and password.
  const handleValidSubmit = async ({ full_name: name, email, password: secret }: RegisterFormInput) => {
    setServerError(null);
    const result = await auth.register({ name, email, password: secret });
    if (!result.success) {
      setServerError(result.message);
      return;
    }
    await navigate('/dashboard', { replace: true });
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
        <TextField
          id="register-name"
          label={t('register.fullName')}
          error={errors.full_name?.message}
          autoComplete="name"
          placeholder={t('register.fullNamePlaceholder')}
          disabled={isSubmitting}
          {...register('full_name')}
        />

        <TextField
          id="register-email"
          label={t('register.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          disabled={isSubmitting}
          {...register('email')}
        />

        <PasswordField
          id="register-password"
          label={t('register.password')}
          error={errors.password?.message}
          footer={<PasswordStrengthBadge password={password} />}
          autoComplete="new-password"
          placeholder={t('register.passwordPlaceholder')}
          disabled={isSubmitting}
          {...register('password')}
        />

        <PasswordField
          id="register-confirm"
          label={t('register.confirmPassword')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          placeholder={t('register.confirmPasswordPlaceholder')}
          disabled={isSubmitting}
          {...register('confirmPassword')}
        />

        {serverError && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>{serverError}</AlertDescription>
          </Alert>
        )}

        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </Button>

        <p className="text-center text-sm text-muted-foreground">
          {t('register.hasAccount')}{' '}
          <Link to="/login" className={LINK_CLASS}>
            {t('register.signIn')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
