import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { renderRoute } from '@/test/render';

describe('not-found page', () => {
  it('answers any unknown route, translated, with a link home', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/nada/por/aqui');

    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Voltar ao início' });
    expect(home.getAttribute('href')).toBe('/');

    await user.click(home);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('reads "Page Not Found" in English', async () => {
    await i18n.changeLanguage('en');
    renderRoute('/unknown');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
