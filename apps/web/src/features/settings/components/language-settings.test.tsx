import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { renderRoute } from '@/test/render';

describe('language settings', () => {
  it('switches the language, saves it and confirms with a toast in the new language', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    renderRoute('/configuracoes/idioma');

    await user.click(await screen.findByRole('button', { name: /Español/ }));

    expect(await screen.findByText('Idioma cambiado a Español')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Idioma' })).toBeDefined();
    expect(screen.getByRole('button', { name: /Español/ }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
  });
});
