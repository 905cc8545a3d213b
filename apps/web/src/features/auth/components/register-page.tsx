import { registerFormSchema, type RegisterFormInput } from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FieldError } from '@/components/field-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { PasswordStrengthBadge } from './password-strength-badge';

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** /register (SPEC.md §2, §5): the same split layout as the login page. */
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

  // confirmPassword stays in the form; the API receives name, email and password (SPEC.md §5, §7).
  const handleValidSubmit = async ({ full_name: name, email, password: secret }: RegisterFormInput) => {
    setServerError(null);
    const result = await auth.register({ name, email, password: secret });
    if (!result.success) {
      setServerError(result.message);
      return;
    }
    await navigate('/dashboard', { replace: true });
  };

  const fieldProps = (name: keyof RegisterFormInput, id: string) => ({
    id,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-error` : undefined,
    disabled: isSubmitting,
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="register-name">{t('register.fullName')}</Label>
          <Input
            autoComplete="name"
            placeholder={t('register.fullNamePlaceholder')}
            {...fieldProps('full_name', 'register-name')}
            {...register('full_name')}
          />
          <FieldError id="register-name-error" message={errors.full_name?.message} />
        </div>

        <div className="grid gap-2">
          <Label htmlFor="register-email">{t('register.email')}</Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('login.emailPlaceholder')}
            {...fieldProps('email', 'register-email')}
            {...register('email')}
          />
          <FieldError id="register-email-error" message={errors.email?.message} />
        </div>

        <div className="grid gap-2">
          <Label htmlFor="register-password">{t('register.password')}</Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder={t('register.passwordPlaceholder')}
            showLabel={t('login.showPassword')}
            hideLabel={t('login.hidePassword')}
            {...fieldProps('password', 'register-password')}
            {...register('password')}
          />
          <FieldError id="register-password-error" message={errors.password?.message} />
          <PasswordStrengthBadge password={password} />
        </div>

        <div className="grid gap-2">
          <Label htmlFor="register-confirm">{t('register.confirmPassword')}</Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder={t('register.confirmPasswordPlaceholder')}
            showLabel={t('login.showPassword')}
            hideLabel={t('login.hidePassword')}
            {...fieldProps('confirmPassword', 'register-confirm')}
            {...register('confirmPassword')}
          />
          <FieldError id="register-confirm-error" message={errors.confirmPassword?.message} />
        </div>

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
