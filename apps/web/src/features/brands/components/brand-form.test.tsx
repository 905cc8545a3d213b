import { brandSchema, type Role } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiBrand, apiCompanyRecord, apiList, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function signedIn(routes: Record<string, StubRoute>, roles: Role[] = ['comercial']) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({ 'GET /api/auth/me': { body: user }, ...routes });
}

const record = apiCompanyRecord;

describe('brand form', () => {
  it('masks the CNPJ as typed, refuses an invalid one, creates the brand and opens its edit screen', async () => {
    const user = userEvent.setup();
    const created = apiBrand('Alfa', { cnpj: '12ABC34501DE35' });
    const api = signedIn({
      'POST /api/brands': { status: 201, body: created },
      [`GET /api/brands/${created.id}`]: { body: created },
      'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } },
    });
    const { router } = renderRoute('/marcas/criar');

    const cnpj = await screen.findByLabelText('CNPJ', undefined, { timeout: 5000 });
    await user.type(screen.getByLabelText('Nome da marca'), 'Alfa');
    await user.type(screen.getByLabelText('Razão social'), 'Alfa Ltda');
    await user.type(cnpj, '12abc34501de36');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-36');
    await user.click(screen.getByRole('button', { name: 'Criar marca' }));
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
    expect(api.calls('POST /api/brands')).toHaveLength(0);

    await user.clear(cnpj);
    await user.type(cnpj, '12.ABC.345/01DE-35');
    await user.click(screen.getByRole('button', { name: 'Criar marca' }));
    expect(await screen.findByText('Marca criada com sucesso.')).toBeInTheDocument();
    expect(api.calls('POST /api/brands')[0]?.body).toEqual({
      name: 'Alfa',
      company_name: 'Alfa Ltda',
      cnpj: '12ABC34501DE35',
      area_of_activity: null,
      segmentation: null,
      responsible: null,
      description: null,
      status: 'active',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/marcas/editar/${created.id}`));
  });

  it('fills legal name and area from the Receita Federal, says so, and undoes it', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'GET /api/companies/12ABC34501DE35': { body: record() } });
    renderRoute('/marcas/criar');

    await user.type(
      await screen.findByLabelText('Razão social', undefined, { timeout: 5000 }),
      'Minha Razão',
    );
    await user.type(screen.getByLabelText('CNPJ'), '12ABC34501DE35');
    await user.click(screen.getByRole('button', { name: 'Buscar dados da Receita' }));

    expect(
      await screen.findByText(/Preenchido com os dados da Receita Federal: Razão social, Área de atuação/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Razão social')).toHaveValue('ALFA NUMERICA LTDA');
    expect(screen.getByLabelText('Área de atuação')).toHaveValue('Torrefação e moagem de café');
    const card = screen.getByRole('region', { name: 'Dados da Receita Federal' });
    expect(within(card).getByText('ATIVA')).toBeInTheDocument();
    expect(within(card).getByText('R$ 1.500.000,50')).toBeInTheDocument();
    expect(within(card).getByText('12/03/1998')).toBeInTheDocument();
    expect(within(card).getByText('SAO PAULO/SP')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET /api/companies/12ABC34501DE35')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(screen.getByLabelText('Razão social')).toHaveValue('Minha Razão');
    expect(screen.getByLabelText('Área de atuação')).toHaveValue('');
  });

  it('warns when the company is not ATIVA, and says lookup errors in a toast', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: record({ situacao_cadastral: 'BAIXADA' }),
    };
    signedIn({ 'GET /api/companies/11222333000181': () => answer });
    renderRoute('/marcas/criar');

    await user.type(await screen.findByLabelText('CNPJ', undefined, { timeout: 5000 }), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Buscar dados da Receita' }));
    expect(
      await screen.findByText('Atenção: a situação cadastral desta empresa é BAIXADA.'),
    ).toBeInTheDocument();

    answer = { status: 502, body: { message: 'Não foi possível consultar a Receita Federal' } };
    await user.click(screen.getByRole('button', { name: 'Buscar dados da Receita' }));
    expect(await screen.findByText('Não foi possível consultar a Receita Federal')).toBeInTheDocument();
  });

  it('asks for a valid CNPJ before looking anything up', async () => {
    const user = userEvent.setup();
    const api = signedIn({});
    renderRoute('/marcas/criar');
    await user.type(await screen.findByLabelText('CNPJ', undefined, { timeout: 5000 }), '123');
    await user.click(screen.getByRole('button', { name: 'Buscar dados da Receita' }));
    expect(
      await screen.findByText('Informe um CNPJ válido para buscar os dados da empresa.'),
    ).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/companies'))).toHaveLength(0);
  });

  it('saves with nothing changed without sending anything, and says it is saved', async () => {
    const user = userEvent.setup();
    const brand = apiBrand('Banco Azul', { responsible: 'Íris' });
    const api = signedIn({
      [`GET /api/brands/${brand.id}`]: { body: brand },
      'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } },
    });
    renderRoute(`/marcas/editar/${brand.id}`);
    await screen.findByLabelText('Responsável', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Marca atualizada com sucesso.')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/brands/${brand.id}`)).toHaveLength(0);
  });

  it('edits a brand and stays, and goes back to the list when the brand cannot be loaded', async () => {
    const user = userEvent.setup();
    const brand = apiBrand('Banco Azul', { responsible: 'Íris' });
    const api = signedIn({
      [`GET /api/brands/${brand.id}`]: { body: brand },
      [`PATCH /api/brands/${brand.id}`]: { body: brand },
      'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } },
      'GET /api/brands': { body: apiList(brandSchema, []) },
    });
    const { router } = renderRoute(`/marcas/editar/${brand.id}`);
    const responsible = await screen.findByLabelText('Responsável', undefined, { timeout: 5000 });
    expect(responsible).toHaveValue('Íris');
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    await user.clear(responsible);
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Marca atualizada com sucesso.')).toBeInTheDocument();
    // Only the field changed: the CNPJ shown masked is not sent again.
    expect(api.calls(`PATCH /api/brands/${brand.id}`)[0]?.body).toEqual({ responsible: null });
    expect(router.state.location.pathname).toBe(`/marcas/editar/${brand.id}`);

    await router.navigate('/marcas/editar/00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('Erro ao carregar marca')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/marcas/gerenciar'));
  });
});
