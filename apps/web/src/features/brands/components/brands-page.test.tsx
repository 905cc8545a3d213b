import { brandSchema, type Role } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiBrand, apiList, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function signedIn(roles: Role[], routes: Record<string, StubRoute>) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({ 'GET /api/auth/me': { body: user }, ...routes });
}

const BRANDS = [
  apiBrand('Café Serra Azul', {
    principal_contact: { name: 'Paula Reis', email: 'paula@cafe.com.br', phone_number: '5511912345678' },
  }),
  apiBrand('Banco Azul'),
];

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('brand list', () => {
  it('asks the first page of active brands by name, and shows the principal contact or its absence', async () => {
    const api = signedIn(['comercial'], {
      'GET /api/brands': { body: apiList(brandSchema, BRANDS, { total: 2, limit: 20 }) },
    });
    renderRoute('/marcas/gerenciar');

    const table = await screen.findByRole('table', { name: 'Marcas' }, { timeout: 5000 });
    expect(await within(table).findByText('Café Serra Azul')).toBeInTheDocument();
    expect(within(table).getByText('Paula Reis')).toBeInTheDocument();
    expect(within(table).getByText('paula@cafe.com.br')).toBeInTheDocument();
    expect(within(table).getByText('Ainda sem contato principal')).toBeInTheDocument();
    expect(screen.getByText('Total: 2 registros')).toBeInTheDocument();
    expect(paramsOf(api.calls('GET /api/brands')[0]!.url)).toEqual({
      page: '1',
      limit: '20',
      sort: 'name',
      order: 'asc',
      status: 'active',
    });
    expect(within(table).getByRole('link', { name: 'Editar Café Serra Azul' })).toHaveAttribute(
      'href',
      `/marcas/editar/${BRANDS[0]!.id}`,
    );
  });

  it('searches on the server, filters by status, and pages by the chosen size', async () => {
    const user = userEvent.setup();
    const api = signedIn(['comercial'], {
      'GET /api/brands': { body: apiList(brandSchema, BRANDS, { total: 45, limit: 20 }) },
    });
    renderRoute('/marcas/gerenciar');
    await screen.findByText('Café Serra Azul', undefined, { timeout: 5000 });

    await user.type(screen.getByRole('searchbox', { name: /Buscar por marca/ }), 'serra');
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/brands').at(-1)!.url)).toMatchObject({
        search: 'serra',
        page: '1',
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por status' }));
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/brands').at(-1)!.url)).not.toHaveProperty('status'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Itens por página' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/brands').at(-1)!.url)).toMatchObject({ limit: '50', page: '1' }),
    );
  });

  it('opens the create-opportunity dialog with the brand named', async () => {
    const user = userEvent.setup();
    signedIn(['comercial'], { 'GET /api/brands': { body: apiList(brandSchema, BRANDS) } });
    renderRoute('/marcas/gerenciar');
    await user.click(
      await screen.findByRole('button', { name: 'Criar oportunidade para Banco Azul' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova oportunidade' });
    expect(within(dialog).getByText('Oportunidade de patrocínio para Banco Azul')).toBeInTheDocument();
    // The opportunity form, with the brand fixed (features/leads tests the form itself).
    expect(within(dialog).getByLabelText('Marca')).toHaveValue('Banco Azul');
    expect(within(dialog).getByRole('button', { name: 'Criar oportunidade' })).toBeInTheDocument();
  });

  it('says when there is no brand at all, with the create action, and when loading fails', async () => {
    signedIn(['comercial'], { 'GET /api/brands': { body: apiList(brandSchema, []) } });
    renderRoute('/marcas/gerenciar');
    expect(
      await screen.findByText('Nenhuma marca encontrada', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nova Marca' }).length).toBeGreaterThan(0);
  });

  it('shows the load error with retry', async () => {
    signedIn(['comercial'], {
      'GET /api/brands': { status: 500, body: { message: 'Serviço indisponível no momento' } },
    });
    renderRoute('/marcas/gerenciar');
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('Erro ao carregar marcas');
    expect(alert).toHaveTextContent('Serviço indisponível no momento');
    expect(within(alert).getByRole('button', { name: 'Tentar Novamente' })).toBeInTheDocument();
  });
});
