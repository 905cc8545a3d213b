import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@funil/shared';
import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from './password-input';

export type LoginFormValues = {
  email: string;
  password: string;
  rememberMe: boolean;
};

type LoginFormProps = {
  /** Wired by the accounts issue; until then submitting only validates. */
  onSubmit?: (values: LoginFormValues) => void | Promise<void>;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  // SPEC.md §5 (login): a valid email; a password of 6 to 100 characters. Messages are the
  // shared validation keys, so they read the same as the API's.
  const emailField = register('email', {
    required: t('validation:auth.email_invalid'),
    pattern: { value: EMAIL_PATTERN, message: t('validation:auth.email_invalid') },
  });
  const passwordField = register('password', {
    required: t('validation:auth.password_min'),
    minLength: { value: PASSWORD_MIN_LENGTH, message: t('validation:auth.password_min') },
    maxLength: { value: PASSWORD_MAX_LENGTH, message: t('validation:auth.password_max') },
  });

  const handleValidSubmit = async (values: LoginFormValues) => {
    await onSubmit?.(values);
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="login-email">{t('login.email')}</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          disabled={isSubmitting}
          {...emailField}
        />
        {errors.email && (
          <p id="login-email-error" className="text-sm text-destructive">
            {errors.email.message}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="login-password">{t('login.password')}</Label>
          <Link
            to="/redefinir-senha"
            className="rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t('login.forgotPassword')}
          </Link>
        </div>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          showLabel={t('login.showPassword')}
          hideLabel={t('login.hidePassword')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          disabled={isSubmitting}
          {...passwordField}
        />
        {errors.password && (
          <p id="login-password-error" className="text-sm text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>

      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="login-remember"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={isSubmitting}
            />
          )}
        />
        <Label htmlFor="login-remember" className="font-normal">
          {t('login.rememberMe')}
        </Label>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link
          to="/register"
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t('login.createAccount')}
        </Link>
      </p>
    </form>
  );
}
