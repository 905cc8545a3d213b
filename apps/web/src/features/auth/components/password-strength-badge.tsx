import { passwordStrength, type PasswordStrength } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const STYLES: Record<PasswordStrength, { bar: string; text: string; filled: number }> = {
  weak: { bar: 'bg-red-500', text: 'text-red-600 dark:text-red-400', filled: 1 },
  medium: { bar: 'bg-amber-500', text: 'text-amber-600 dark:text-amber-400', filled: 2 },
  strong: { bar: 'bg-emerald-500', text: 'text-emerald-600 dark:text-emerald-400', filled: 3 },
  very_strong: { bar: 'bg-emerald-600', text: 'text-emerald-700 dark:text-emerald-300', filled: 4 },
};

type PasswordStrengthBadgeProps = { password: string };

/** Advisory only: it never blocks a submit; the 6-character minimum does that. */
export function PasswordStrengthBadge({ password }: PasswordStrengthBadgeProps) {
  const { t } = useTranslation('auth');
  if (!password) return null;
  const strength = passwordStrength(password);
  const style = STYLES[strength];
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={cn('h-1 rounded-full', step <= style.filled ? style.bar : 'bg-muted')}
          />
        ))}
      </div>
      <p className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {t('strength.label')}:{' '}
          <span data-testid="password-strength" className={cn('font-medium', style.text)}>
            {t(`strength.${strength}`)}
          </span>
        </span>
        {strength !== 'very_strong' && <span className="text-right">{t('strength.hint')}</span>}
      </p>
    </div>
  );
}
