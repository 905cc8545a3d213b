import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueItemSchema, type Role } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiCatalogueItem as item, apiList, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function signedIn(roles: Role[], routes: Record<string, StubRoute>) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({ 'GET /api/auth/me': { body: user }, ...routes });
}

const list = (items: Parameters<typeof apiList<typeof catalogueItemSchema>>[1]) => ({
  body: apiList(catalogueItemSchema, items),
});

describe('catalogue screen', () => {
  it('loads the active items newest first and shows them with status badge and dates', async () => {
    const api = signedIn(['admin'], {
      'GET /api/verticals': list([item('ESPORTES'), item('CULTURA', { status: 'inactive' })]),
    });
    renderRoute('/configuracoes/verticais');

    // The first test waits for the lazy route's code as well.
    const table = await screen.findByRole('table', { name: 'Verticais' }, { timeout: 5000 });
    expect(await within(table).findByText('ESPORTES')).toBeInTheDocument();
    expect(within(table).getByText('ESPORTES LABEL')).toBeInTheDocument();
    expect(within(table).getByText('Ativo')).toBeInTheDocument();
    expect(within(table).getByText('Inativo')).toBeInTheDocument();
    expect(within(table).getAllByText(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}$/)).toHaveLength(4);
    for (const header of ['Nome', 'Label', 'Status', 'Criado em', 'Atualizado em', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const url = new URL(api.calls('GET /api/verticals')[0]!.url, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'active',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getByText('Total: 2 registros')).toBeInTheDocument();
  });

  it('creates an item: upper-cases while typing, validates with the form messages, toasts', async () => {
    const user = userEvent.setup();
    const api = signedIn(['manager'], {
      'GET /api/quotas': list([]),
      'POST /api/quotas': (request) => ({
        status: 201,
        body: item('PATROCINIO', request.body as Partial<ReturnType<typeof item>>),
      }),
    });
    renderRoute('/configuracoes/tipos-cotas');

    expect(await screen.findByText('Nenhum tipo de cota encontrado')).toBeInTheDocument();
    expect(screen.getByText('Comece criando o primeiro tipo de cota.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Novo Tipo de Cota' })[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Novo Tipo de Cota' });
    const name = within(dialog).getByLabelText('Nome');
    await user.type(name, 'p');
    expect(name).toHaveValue('P');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('Nome deve ter no minimo 2 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Label deve ter no minimo 2 caracteres')).toBeInTheDocument();
    expect(api.calls('POST /api/quotas')).toHaveLength(0);

    await user.type(name, 'atrocínio');
    expect(name).toHaveValue('PATROCÍNIO');
    await user.type(within(dialog).getByLabelText('Label'), ' master ');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    expect(await screen.findByText('Tipo de cota criado com sucesso')).toBeInTheDocument();
    expect(api.calls('POST /api/quotas')[0]?.body).toEqual({
      name: 'PATROCÍNIO',
      label: 'MASTER',
      status: 'active',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again after the change.
    await waitFor(() => expect(api.calls('GET /api/quotas').length).toBeGreaterThan(1));
  });

  it("edits an item and shows the server's refusal next to the name and in a toast", async () => {
    const user = userEvent.setup();
    const api = signedIn(['admin'], {
      'GET /api/platforms': list([item('TV ABERTA')]),
      [`PATCH /api/platforms/${item('TV ABERTA').id}`]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Já existe um registro com este nome' },
      },
    });
    renderRoute('/configuracoes/plataformas');

    await user.click(await screen.findByRole('button', { name: 'Editar TV ABERTA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Plataforma' });
    const name = within(dialog).getByLabelText('Nome');
    expect(name).toHaveValue('TV ABERTA');
    await user.clear(name);
    await user.type(name, 'streaming');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    // The refusal goes on the name, and in the 'Erro' toast.
    expect(await within(dialog).findByText('Já existe um registro com este nome')).toBeInTheDocument();
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getAllByText('Já existe um registro com este nome')).toHaveLength(2);
    expect(api.calls(`PATCH /api/platforms/${item('TV ABERTA').id}`)[0]?.body).toMatchObject({
      name: 'STREAMING',
    });
  });

  it('shows no create or edit button to a user who may only read', async () => {
    signedIn(['user', 'comercial'], { 'GET /api/verticals': list([item('ESPORTES')]) });
    renderRoute('/configuracoes/verticais');

    expect(await screen.findByText('ESPORTES')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova Vertical' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar ESPORTES' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
  });

  it('shows the load error with the server message and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    signedIn(['admin'], {
      'GET /api/verticals': () =>
        ++calls === 1
          ? { status: 500, body: { message: 'Serviço indisponível no momento' } }
          : list([item('ESPORTES')]),
    });
    renderRoute('/configuracoes/verticais');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar verticais')).toBeInTheDocument();
    // The panel, and a toast with the same title (every list says a failed load both ways).
    await waitFor(() => expect(screen.getAllByText('Erro ao carregar verticais')).toHaveLength(2));
    expect(within(alert).getByText('Serviço indisponível no momento')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText('ESPORTES')).toBeInTheDocument();
  });

  it("says 'Comece criando...' when nothing exists, and no such thing under the Inativos filter", async () => {
    const user = userEvent.setup();
    const api = signedIn(['admin'], { 'GET /api/platforms': list([]) });
    renderRoute('/configuracoes/plataformas');

    expect(await screen.findByText('Comece criando a primeira plataforma.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma plataforma encontrada')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por status' }));
    await user.click(await screen.findByRole('option', { name: 'Inativos' }));
    expect(
      await screen.findByText('Nenhum registro inativo. Escolha “Todos” para ver a lista completa.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Comece criando a primeira plataforma.')).toBeNull();
    const lastCall = api.calls('GET /api/platforms').at(-1)!;
    expect(new URL(lastCall.url, 'http://localhost').searchParams.get('status')).toBe('inactive');
  });
});
