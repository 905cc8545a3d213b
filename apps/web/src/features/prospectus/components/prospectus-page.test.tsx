import { catalogueItemSchema, leadSchema, type OfferingSummary, type Role } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiBrand, apiCatalogueItem, apiLead, apiList, apiUser, fixtureId } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';
import { APOIO, DIGITAL, ESPORTES, MASTER, NOVELAS, TV_ABERTA, testOffering } from '../test-offerings';

const SUMMARY: OfferingSummary = {
  quantity: 1234,
  held: 3,
  sold: 2,
  available: 1229,
  potential: 12_500_000,
  sold_credit: 300_000,
  held_credit: 450_000.5,
};

const OFFERINGS = [
  testOffering(1, { quantity: 5, held: 2, sold: 1 }),
  testOffering(2, { quota: APOIO, quantity: 3, held: 1, sold: 2 }),
  testOffering(3, { vertical: NOVELAS, platform: DIGITAL, quantity: 10, held: 1 }),
  testOffering(4, { vertical: NOVELAS, platform: DIGITAL, quota: APOIO, status: 'inactive' }),
  testOffering(5, { franchise: 'Recife', quantity: 2 }),
];

const catalogue = (items: { id: string; name: string; label: string }[]) => ({
  body: apiList(
    catalogueItemSchema,
    items.map((item) => apiCatalogueItem(item.name, { id: item.id, label: item.label })),
  ),
});

function openAs(roles: Role[], routes: Record<string, StubRoute> = {}, path = '/prospecto?ano=2026') {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const api = stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/offerings': { body: { data: OFFERINGS, total: OFFERINGS.length, page: 1, limit: 100 } },
    'GET /api/offerings/summary': { body: SUMMARY },
    'GET /api/verticals': catalogue([ESPORTES, NOVELAS]),
    'GET /api/platforms': catalogue([TV_ABERTA, DIGITAL]),
    'GET /api/quotas': catalogue([MASTER, APOIO]),
    'GET /api/franchises': {
      body: { data: [{ id: 'f1', _id: 'f1', name: 'Recife' }], total: 1, page: 1, limit: 1 },
    },
    ...routes,
  });
  renderRoute(path);
  return api;
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
// The first render downloads the route's code: slow on a busy machine, hence the long wait.
const section = (name: string) => screen.findByRole('region', { name }, { timeout: 15_000 });
const cell = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('button', { name });

describe('prospectus page', () => {
  it("shows the year's totals and every offering as a cell of its section: what is left, its state in words and colour", async () => {
    const api = openAs(['comercial']);

    const national = await section('Nacional');
    const summary = screen.getByLabelText('Totais do prospecto de 2026');
    const stat = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(stat('Cotas')).toHaveTextContent('1.234');
    expect(stat('Vendidas')).toHaveTextContent('2');
    expect(stat('Reservadas')).toHaveTextContent('3');
    expect(stat('Disponíveis')).toHaveTextContent('1.229');
    expect(stat('Potencial a preço de tabela')).toHaveTextContent(/R\$\s12\.500\.000/);
    expect(stat('Crédito vendido')).toHaveTextContent(/R\$\s300\.000/);
    expect(stat('Crédito reservado')).toHaveTextContent(/R\$\s450\.001/);
    expect(paramsOf(api.calls('GET /api/offerings/summary')[0]!.url)).toEqual({ prospectus_year: '2026' });

    // National first, then each praça.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Nacional', 'Recife']);
    expect(
      within(national)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Vertical · Plataforma', 'Apoio', 'Master']);
    expect(
      within(national)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Esportes TV Aberta', 'Novelas Digital']);

    const master = cell(national, /^Master · TV Aberta · Esportes · Nacional:/);
    expect(master).toHaveTextContent('2 de 5');
    expect(master).toHaveTextContent('60% ocupada');
    expect(master).toHaveAttribute('data-occupancy', 'half');
    expect(master.className).toMatch(/bg-amber-50/);

    const apoio = cell(national, /^Apoio · TV Aberta · Esportes · Nacional:/);
    expect(apoio).toHaveTextContent('0 de 3');
    expect(apoio).toHaveTextContent('Esgotada');
    expect(apoio.className).toMatch(/bg-red-50/);

    const novelas = cell(national, /^Master · Digital · Novelas · Nacional:/);
    expect(novelas).toHaveTextContent('9 de 10');
    expect(novelas).toHaveTextContent('10% ocupada');
    expect(novelas.className).toMatch(/bg-emerald-50/);

    const inactive = cell(national, /^Apoio · Digital · Novelas · Nacional:/);
    expect(inactive).toHaveTextContent('Inativa');
    expect(inactive.className).toMatch(/border-dashed/);

    const recife = await section('Recife');
    expect(cell(recife, /^Master · TV Aberta · Esportes · Recife:/)).toHaveTextContent('2 de 2 Livre');
    expect(within(recife).getByText('Sem cota')).toHaveClass('sr-only');
    // The national section's active units: 5 + 3 + 10, and what is left of them.
    expect(within(national).getByText('11 de 18 disponíveis')).toBeInTheDocument();

    // Everyone sees the prospectus; only admins and managers change it.
    expect(screen.queryByRole('button', { name: 'Nova cota' })).not.toBeInTheDocument();
    const menuEntry = within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', {
      name: 'Prospecto',
    });
    expect(menuEntry).toHaveAttribute('aria-current', 'page');
  });

  it("reads every page of the year's offerings, and another year from the selector", async () => {
    const user = userEvent.setup();
    // 101 offerings: a full page and one more, each of a vertical of its own (a row each).
    const many = Array.from({ length: 101 }, (_, n) => {
      const vertical = {
        id: fixtureId(5000 + n),
        _id: fixtureId(5000 + n),
        name: `V${n}`,
        label: `Vertical ${String(n).padStart(3, '0')}`,
      };
      return testOffering(100 + n, { vertical });
    });
    const api = openAs(['comercial'], {
      'GET /api/offerings': ({ url }) => {
        const { page, limit, prospectus_year } = paramsOf(url);
        const data =
          prospectus_year === '2026' ? many.slice((Number(page) - 1) * 100, Number(page) * 100) : [];
        return {
          body: {
            data,
            total: prospectus_year === '2026' ? 101 : 0,
            page: Number(page),
            limit: Number(limit),
          },
        };
      },
    });

    const national = await section('Nacional');
    expect(within(national).getAllByRole('rowheader')).toHaveLength(101);
    expect(within(national).getAllByRole('rowheader').at(-1)).toHaveTextContent('Vertical 100');
    const calls = api.calls('GET /api/offerings').map(({ url }) => paramsOf(url));
    expect(calls).toEqual([
      { prospectus_year: '2026', limit: '100', page: '1', sort: 'createdAt', order: 'asc' },
      { prospectus_year: '2026', limit: '100', page: '2', sort: 'createdAt', order: 'asc' },
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Ano do prospecto' }));
    await user.click(await screen.findByRole('option', { name: '2027' }));
    expect(await screen.findByText('Nenhuma cota no prospecto de 2027')).toBeInTheDocument();
    expect(paramsOf(api.calls('GET /api/offerings/summary').at(-1)!.url)).toEqual({
      prospectus_year: '2027',
    });
  });

  it('opens a cell into its figures and the opportunities that take it, each a link to its page', async () => {
    const user = userEvent.setup();
    const executive = apiUser({ id: fixtureId(5), name: 'Carla Dias' });
    const leads = [
      apiLead('Q1', {
        id: fixtureId(801),
        brand: apiBrand('Café Serra Azul'),
        contract_status: 'fechado',
        credit: 150_000,
        executive,
        stock: [],
      }),
      apiLead('Q2', {
        id: fixtureId(802),
        brand: apiBrand('Teclado'),
        contract_status: 'assinado',
        credit: 90_000,
        stock: [],
      }),
    ];
    const api = openAs(['comercial'], {
      'GET /api/leads': { body: apiList(leadSchema, leads, { total: 23, limit: 20 }) },
    });

    await user.click(cell(await section('Nacional'), /^Master · TV Aberta · Esportes · Nacional:/));
    const dialog = await screen.findByRole('dialog', { name: 'Master · TV Aberta · Esportes' });
    expect(within(dialog).getByText('Prospecto 2026 · Nacional')).toBeInTheDocument();
    const figures = within(dialog).getByLabelText('Números da cota');
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling;
    expect(figure('Preço de tabela')).toHaveTextContent(/R\$\s450\.000,00/);
    expect(figure('Quantidade')).toHaveTextContent('5');
    expect(figure('Reservadas')).toHaveTextContent('2');
    expect(figure('Vendidas')).toHaveTextContent('1');
    expect(figure('Disponíveis')).toHaveTextContent('2');
    expect(figure('Status')).toHaveTextContent('Ativo');

    const list = await within(dialog).findByRole('region', { name: 'Oportunidades com esta cota' });
    expect(paramsOf(api.calls('GET /api/leads')[0]!.url)).toMatchObject({
      offering: OFFERINGS[0]!.id,
      limit: '20',
    });
    expect(within(list).getByRole('link', { name: 'Café Serra Azul' })).toHaveAttribute(
      'href',
      `/leads/editar/${fixtureId(801)}`,
    );
    expect(within(list).getByText('Fechado')).toBeInTheDocument();
    expect(within(list).getByText('Assinado')).toBeInTheDocument();
    expect(within(list).getByText('Carla Dias')).toBeInTheDocument();
    expect(within(list).getByText('Sem executivo')).toBeInTheDocument();
    expect(within(list).getByText(/R\$\s150\.000/)).toBeInTheDocument();
    expect(within(list).getByText('2 de 23 oportunidades')).toBeInTheDocument();
    // A seller reads; the actions are the managers'.
    expect(within(dialog).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it("checks a new offering with the API's schema and says the server's refusal inside the dialog", async () => {
    const user = userEvent.setup();
    const api = openAs(['manager'], {
      'POST /api/offerings': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Esta cota já está no prospecto' },
      },
    });
    await section('Nacional');

    await user.click(screen.getByRole('button', { name: 'Nova cota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova cota' });
    expect(within(dialog).getByRole('combobox', { name: 'Ano' })).toHaveTextContent('2026');
    expect(within(dialog).getByRole('combobox', { name: 'Praça' })).toHaveTextContent('Nacional');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    expect(await within(dialog).findByText('Vertical é obrigatória')).toBeInTheDocument();
    expect(within(dialog).getByText('Plataforma é obrigatória')).toBeInTheDocument();
    expect(within(dialog).getByText('Quota é obrigatória')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantidade deve ser entre 1 e 10000')).toBeInTheDocument();
    expect(api.calls('POST /api/offerings')).toHaveLength(0);

    const choose = async (field: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Vertical', 'Esportes');
    await choose('Plataforma', 'TV Aberta');
    await choose('Tipo de cota', 'Master');
    await choose('Praça', 'Recife');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantidade' }), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('Quantidade deve ser entre 1 e 10000')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantidade' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantidade' }), '8');
    await user.type(within(dialog).getByRole('textbox', { name: 'Preço de tabela' }), '350000');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Esta cota já está no prospecto');
    expect(api.calls('POST /api/offerings')[0]!.body).toEqual({
      prospectus_year: 2026,
      vertical: ESPORTES.id,
      platform: TV_ABERTA.id,
      quota: MASTER.id,
      franchise: 'Recife',
      quantity: 8,
      list_price: 350_000,
      status: 'active',
    });
  });

  it('edits an offering from its panel, sending only what changed, and shows a refused quantity in the dialog', async () => {
    const user = userEvent.setup();
    const api = openAs(['admin'], {
      'GET /api/leads': { body: apiList(leadSchema, []) },
      [`PATCH /api/offerings/${OFFERINGS[0]!.id}`]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Já há 3 oportunidades com esta cota' },
      },
    });

    await user.click(cell(await section('Nacional'), /^Master · TV Aberta · Esportes · Nacional:/));
    const panel = await screen.findByRole('dialog', { name: 'Master · TV Aberta · Esportes' });
    expect(await within(panel).findByText('Nenhuma oportunidade tem esta cota.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Editar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar cota' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantidade' });
    expect(quantity).toHaveValue(5);
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já há 3 oportunidades com esta cota');
    expect(api.calls(`PATCH /api/offerings/${OFFERINGS[0]!.id}`)[0]!.body).toEqual({ quantity: 2 });
  });

  it('deactivates, and says why a re-activation is refused', async () => {
    const user = userEvent.setup();
    const inactiveId = OFFERINGS[3]!.id;
    const api = openAs(['manager'], {
      'GET /api/leads': { body: apiList(leadSchema, []) },
      [`PATCH /api/offerings/${inactiveId}`]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Cota esgotada: APOIO · Digital · Novelas · 2026',
        },
      },
    });

    await user.click(cell(await section('Nacional'), /^Apoio · Digital · Novelas · Nacional:/));
    const panel = await screen.findByRole('dialog', { name: 'Apoio · Digital · Novelas' });
    await user.click(within(panel).getByRole('button', { name: 'Reativar' }));

    expect(await screen.findByText('Cota esgotada: APOIO · Digital · Novelas · 2026')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(`PATCH /api/offerings/${inactiveId}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/offerings/${inactiveId}`)[0]!.body).toEqual({ status: 'active' });
  });
});
