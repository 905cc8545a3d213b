import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type UserResponse, userResponseSchema } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiList, apiUser } from '@/test/api-fixtures';
import { stubApi, type StubRoute } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const ADMIN = apiUser({
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Ana Admin',
  email: 'ana@empresa.com.br',
});
const SELLER = apiUser({
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Bruno Vendas',
  email: 'bruno@empresa.com.br',
  roles: ['comercial', 'sales'],
  isActive: false,
});
const NO_ROLES = apiUser({
  id: 'a0000000-0000-4000-8000-000000000003',
  name: 'Caio Sem Perfil',
  email: 'caio@empresa.com.br',
  roles: [],
});
const MORE = [4, 5, 6, 7].map((n) =>
  apiUser({
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    name: `Pessoa ${n}`,
    email: `p${n}@empresa.com.br`,
    roles: ['user'],
  }),
);
const ALL = [ADMIN, SELLER, NO_ROLES, ...MORE];

function page(users: UserResponse[]) {
  return { body: apiList(userResponseSchema, users) };
}

function openAs(me: ReturnType<typeof apiUser>, routes: Record<string, StubRoute> = {}) {
  const api = stubApi({ 'GET /api/auth/me': { body: me }, 'GET /api/users': page(ALL), ...routes });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(me));
  renderRoute('/seguranca/usuarios');
  return api;
}

async function rows() {
  const table = await screen.findByRole('table', { name: 'Usuários' });
  await within(table).findByText('Ana Admin');
  return within(table).getAllByRole('row').slice(1);
}

describe('user list', () => {
  it('lists users with role labels, status and creation time, 5 a page', async () => {
    openAs(ADMIN);
    const list = await rows();
    expect(list).toHaveLength(5);
    expect(screen.getByText('Total: 7 registros')).toBeInTheDocument();

    const bruno = list.find((row) => row.textContent?.includes('Bruno Vendas'));
    expect(bruno?.textContent).toContain('Comercial');
    expect(bruno?.textContent).toContain('Vendas');
    expect(bruno?.textContent).toContain('Inativo');
    const caio = list.find((row) => row.textContent?.includes('Caio Sem Perfil'));
    expect(caio?.textContent).toContain('Usuário');
    expect(caio?.textContent).toContain('Ativo');
    expect(caio?.textContent).toContain(formatDateTime(NO_ROLES.createdAt as string, 'pt-BR'));
  });

  it('searches by name, email and role label', async () => {
    const user = userEvent.setup();
    openAs(ADMIN);
    await rows();
    const search = screen.getByRole('searchbox', { name: 'Buscar por nome, email ou perfil...' });

    // The shell shows the signed-in user too: look inside the table only.
    const table = screen.getByRole('table', { name: 'Usuários' });
    await user.type(search, 'vendas');
    await waitFor(() => expect(within(table).queryByText('Ana Admin')).toBeNull());
    expect(within(table).getByText('Bruno Vendas')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'p6@empresa');
    expect(await within(table).findByText('Pessoa 6')).toBeInTheDocument();
    expect(within(table).queryByText('Bruno Vendas')).toBeNull();
  });

  it('offers no create or edit to a non-admin', async () => {
    openAs(apiUser({ roles: ['comercial'] }));
    await rows();
    expect(screen.queryByRole('button', { name: 'Novo Usuário' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar / })).toBeNull();
    expect(screen.getByText('Somente administradores podem criar ou editar usuários.')).toBeInTheDocument();
  });

  it("shows the load error panel with the server's message", async () => {
    openAs(ADMIN, {
      'GET /api/users': {
        status: 500,
        body: { message: 'Erro interno do servidor. Tente novamente mais tarde.' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar usuários');
    expect(alert).toHaveTextContent('Erro interno do servidor. Tente novamente mais tarde.');
    expect(within(alert).getByRole('button', { name: 'Tentar Novamente' })).toBeInTheDocument();
  });
});

describe('user dialog', () => {
  it('creates a user: validates, sends name/email/password/roles/isActive and refreshes the list', async () => {
    const created = apiUser({
      id: 'a0000000-0000-4000-8000-000000000009',
      name: 'Dora Nova',
      email: 'dora@empresa.com.br',
      roles: ['comercial'],
    });
    let list = ALL;
    const api = openAs(ADMIN, {
      'GET /api/users': () => page(list),
      'POST /api/users': () => {
        list = [...ALL, created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });

    // Nothing filled, and the only role unticked: every rule speaks.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Usuário' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    expect(await within(dialog).findByText('Nome deve ter entre 2 e 100 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Email inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Selecione ao menos um perfil')).toBeInTheDocument();
    expect(api.calls('POST /api/users')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nome'), 'Dora Nova');
    await user.type(within(dialog).getByLabelText('Email'), 'dora@empresa.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'segura1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Comercial' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));

    expect(await screen.findByText('Usuário criado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/users')[0]?.body).toEqual({
      name: 'Dora Nova',
      email: 'dora@empresa.com.br',
      password: 'segura1',
      roles: ['comercial'],
      isActive: true,
    });
    expect(await screen.findByText('Total: 8 registros')).toBeInTheDocument();
  });

  it('edits a user: email fixed, blank password not sent, PATCH with name, roles and active', async () => {
    const api = openAs(ADMIN, { 'PATCH /api/users/a0000000-0000-4000-8000-000000000002': { body: SELLER } });
    const user = userEvent.setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Editar Bruno Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });

    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('bruno@empresa.com.br');
    expect(email).toBeDisabled();
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Bruno Vendas');
    expect(within(dialog).getByRole('checkbox', { name: 'Comercial' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Ativo' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Vendas' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Usuário atualizado com sucesso.')).toBeInTheDocument();
    expect(api.calls('PATCH /api/users/a0000000-0000-4000-8000-000000000002')[0]?.body).toEqual({
      name: 'Bruno Vendas',
      roles: ['comercial'],
      isActive: true,
    });
  });

  it('sends a new password only when one is typed, and says "Acesso negado" on a 403', async () => {
    const api = openAs(ADMIN, {
      'PATCH /api/users/a0000000-0000-4000-8000-000000000002': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Acesso negado' },
      },
    });
    const user = userEvent.setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Editar Bruno Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    await user.type(within(dialog).getByLabelText('Nova senha (opcional)'), 'Outra123');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(api.calls('PATCH /api/users/a0000000-0000-4000-8000-000000000002')[0]?.body).toMatchObject({
      password: 'Outra123',
    });
    expect(screen.getByRole('dialog', { name: 'Editar Usuário' })).toBeInTheDocument();
  });

  it("puts the server's field messages on the edit form's fields", async () => {
    openAs(ADMIN, {
      'PATCH /api/users/a0000000-0000-4000-8000-000000000002': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Nome deve conter apenas letras e espaços',
          issues: [{ path: 'name', message: 'Nome deve conter apenas letras e espaços' }],
        },
      },
    });
    const user = userEvent.setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Editar Bruno Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    const name = within(dialog).getByLabelText('Nome');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Nome deve conter apenas letras e espaços'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Erro')).toBeInTheDocument();
  });

  it('says a taken email under the email field of the create form', async () => {
    openAs(ADMIN, {
      'POST /api/users': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Email já cadastrado' },
      },
    });
    const user = userEvent.setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Dora Nova');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'segura1');
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email já cadastrado'),
    );
  });
});
