import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiBrand, apiUser } from '@/test/api-fixtures';
import { stubApi, type StubRoute } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const BRAND = apiBrand('Café Serra Azul', { responsible: 'Rui' });
const BRAND_PATH = `/api/brands/${BRAND.id}`;

function signedIn(routes: Record<string, StubRoute>) {
  const user = apiUser({ roles: ['comercial'] });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } },
    ...routes,
  });
}

describe('edit brand: concurrent edits', () => {
  it('saves twice in a row, each time over the version the last save answered', async () => {
    const user = userEvent.setup();
    let version = 1;
    const api = signedIn({
      [`GET ${BRAND_PATH}`]: () => ({ body: BRAND, headers: { ETag: `"${version}"` } }),
      [`PATCH ${BRAND_PATH}`]: ({ body }) => {
        version += 1;
        return { body: { ...BRAND, ...(body as object) }, headers: { ETag: `"${version}"` } };
      },
    });
    renderRoute(`/marcas/editar/${BRAND.id}`);
    const responsible = await screen.findByLabelText('Responsável', undefined, { timeout: 5000 });
    await user.clear(responsible);
    await user.type(responsible, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(api.calls(`PATCH ${BRAND_PATH}`)).toHaveLength(1));
    await user.type(responsible, ' Maria');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(api.calls(`PATCH ${BRAND_PATH}`)).toHaveLength(2));
    const ifMatch = api.calls(`PATCH ${BRAND_PATH}`).map((call) => call.headers.get('If-Match'));
    expect(ifMatch).toEqual(['"1"', '"2"']);
  });

  it('shows what was typed on a 412, in English too', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    signedIn({
      [`GET ${BRAND_PATH}`]: { body: BRAND, headers: { ETag: '"1"' } },
      [`PATCH ${BRAND_PATH}`]: { status: 412, body: { statusCode: 412, message: 'changed' } },
    });
    renderRoute(`/marcas/editar/${BRAND.id}`);
    const responsible = await screen.findByLabelText('Person responsible', undefined, { timeout: 5000 });
    await user.clear(responsible);
    await user.type(responsible, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Changed by someone else' });
    expect(within(dialog).getByText('Ana')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Person responsible')).toHaveValue('Ana');
  });
});
