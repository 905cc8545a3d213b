import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/components/theme/theme-provider';
import { HeaderIconButton } from './header-icon-button';

/** The shell's toggle switches between light and dark (from `system`, to the opposite of what shows). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolvedTheme, setTheme } = useTheme();
  const isDark = resolvedTheme === 'dark';
  const label = isDark ? t('theme.switchToLight') : t('theme.switchToDark');

  return (
    <HeaderIconButton label={label} onClick={() => setTheme(isDark ? 'light' : 'dark')}>
      {isDark ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </HeaderIconButton>
  );
}
