import { LOGIN_MAX_ATTEMPTS } from '@funil/shared';
import { AlertCircle, Loader2, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  expire,
  INITIAL_LOCKOUT,
  isBlocked,
  isTooMany,
  recordFailure,
  recordSubmit,
  shouldShowAttempts,
} from '../utils/login-lockout';
import type { LoginFormInput, LoginFormValues } from '../utils/login-form-schema';
import { PasswordField } from './password-field';

export type { LoginFormValues };

const loadSchema = () => import('../utils/login-form-schema');

/** The checks of ../utils/login-form-schema.ts, fetched on first use (zod is not in the page's download). */
const resolver: Resolver<LoginFormInput, unknown, LoginFormValues> = async (...args) =>
  (await loadSchema()).loginFormResolver(...args);

export type LoginSubmitResult = { success: true } | { success: false; message: string };

type LoginFormProps = {
  onSubmit: (values: LoginFormValues) => Promise<LoginSubmitResult>;
  onForgotPassword: () => void;
};

export function LoginForm({ onSubmit, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const [lockout, setLockout] = useState(INITIAL_LOCKOUT);
  const [serverError, setServerError] = useState<string | null>(null);
  const isLocked = isBlocked(lockout);
  const isDisabled = isSubmitting || isLocked;

  // 5 minutes after 'too many attempts', the counter returns to 0 (utils/login-lockout.ts).
  useEffect(() => {
    if (lockout.resetAt === null) return;
    const timer = window.setTimeout(
      () => setLockout((current) => expire(current, Date.now())),
      Math.max(0, lockout.resetAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [lockout.resetAt]);

  const handleValidSubmit = async (values: LoginFormValues) => {
    if (isLocked) return;
    setLockout(recordSubmit);
    setServerError(null);
    const result = await onSubmit(values);
    if (result.success) {
      setLockout(INITIAL_LOCKOUT);
      return;
    }
    setServerError(result.message);
    // This runs on submit, not during render; the compiler cannot see through handleSubmit().
    // eslint-disable-next-line react-hooks/purity
    const now = Date.now();
    setLockout((current) => recordFailure(current, now));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(handleValidSubmit)}
      // The checks' code, fetched while the user types rather than when they submit.
      onFocus={() => void loadSchema()}
      className="grid gap-5"
    >
      <TextField
        id="login-email"
        label={t('login.email')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        disabled={isDisabled}
        {...register('email')}
      />

      <PasswordField
        id="login-password"
        label={t('login.password')}
        error={errors.password?.message}
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t('login.forgotPassword')}
          </button>
        }
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        disabled={isDisabled}
        {...register('password')}
      />

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
              disabled={isDisabled}
            />
          )}
        />
        <Label htmlFor="login-remember" className="font-normal">
          {t('login.rememberMe')}
        </Label>
      </div>

      {serverError && !isTooMany(lockout) && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      {isTooMany(lockout) && (
        <Alert variant="destructive">
          <Lock aria-hidden />
          <AlertDescription>{t('login.tooManyAttempts')}</AlertDescription>
        </Alert>
      )}
      {shouldShowAttempts(lockout) && (
        <p className="text-sm font-medium text-orange-600 dark:text-orange-400" aria-live="polite">
          {t('login.attempts', { count: lockout.attempts, max: LOGIN_MAX_ATTEMPTS })}
        </p>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={isDisabled}>
        {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
        {isLocked && !isSubmitting && <Lock aria-hidden />}
        {isSubmitting ? t('login.submitting') : isLocked ? t('login.blocked') : t('login.submit')}
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
