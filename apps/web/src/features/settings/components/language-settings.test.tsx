import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/sonner';
import { i18n } from '@/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { LanguageSettings } from './language-settings';

function renderSettings() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <LanguageSettings />
        <Toaster />
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe('language settings', () => {
  it('switches the language, saves it and confirms with a toast in the new language', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('button', { name: /Português/ }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: /Español/ }));

    expect(await screen.findByText('Idioma cambiado a Español')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Español/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Português/ }).getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows dates and money (always reais) in the chosen language', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByTestId('language-preview-date').textContent).toBe('15/03/2026 às 14:30');
    expect(screen.getByTestId('language-preview-money').textContent).toMatch(/^R\$\s1\.234\.567,89$/);

    await user.click(screen.getByRole('button', { name: /English/ }));
    expect(screen.getByTestId('language-preview-date').textContent).toBe('15/03/2026 at 14:30');
    expect(screen.getByTestId('language-preview-money').textContent).toBe('R$1,234,567.89');
    expect(screen.getByText('Formats')).toBeInTheDocument();
  });

  it('does nothing when the current language is picked again', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('button', { name: /Português/ }));
    expect(screen.queryByText(/Idioma alterado/)).toBeNull();
    expect(i18n.language).toBe('pt-BR');
  });
});
