import { brandSchema, offeringSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiBrand, apiLead, apiList } from '@/test/api-fixtures';
import { offeringFor, stockItemOf } from '@/test/offering-fixtures';
import { renderRoute } from '@/test/render';
import { PLATFORMS, QUOTAS, VERTICALS, paramsOf, signedIn } from './leads.test-helpers';

const BRAND = apiBrand('Banco Azul');
const KEY = apiLead('key', { vertical: VERTICALS[1], quota: QUOTAS[0], platform: PLATFORMS[0] });
const NATIONAL = offeringFor(
  { ...KEY, prospectus_year: 2027 },
  { id: '00000000-0000-4000-8000-000000070001', quantity: 5, held: 2, sold: 1, list_price: 450_000 },
);
const SAO_PAULO = offeringFor(
  { ...KEY, prospectus_year: 2027 },
  {
    id: '00000000-0000-4000-8000-000000070002',
    franchise: 'São Paulo',
    quantity: 1,
    sold: 1,
    list_price: 50_000,
  },
);
const RECIFE = offeringFor(
  { ...KEY, prospectus_year: 2027 },
  { id: '00000000-0000-4000-8000-000000070003', franchise: 'Recife', list_price: 30_000 },
);
const OFFERINGS = { body: apiList(offeringSchema, [SAO_PAULO, RECIFE, NATIONAL]) };

async function openDialog(user: UserEvent) {
  renderRoute('/marcas/gerenciar');
  await user.click(
    await screen.findByRole('button', { name: 'Criar oportunidade para Banco Azul' }, { timeout: 15_000 }),
  );
  return screen.findByRole('dialog', { name: 'Nova oportunidade' });
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types over the whole amount (an emptied money field would take its default back first). */
async function typeCredit(user: UserEvent, dialog: HTMLElement, amount: string) {
  await user.tripleClick(within(dialog).getByLabelText('Crédito'));
  await user.keyboard(amount);
}

const preview = () => screen.getByRole('region', { name: 'Cota no prospecto' });
const line = (place: string) => within(preview()).getByText(place).closest('li')!;

describe('the prospectus quota on the opportunity form', () => {
  it('shows the offerings the opportunity would take and its credit against their table prices', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/brands': { body: apiList(brandSchema, [BRAND]) },
      'GET /api/offerings': OFFERINGS,
    });
    const dialog = await openDialog(user);
    await choose(user, 'Vertical', 'Música');
    await choose(user, 'Tipo de cota', 'Master');
    await choose(user, 'Plataforma', 'TV Aberta');
    // Not before the four are chosen.
    expect(api.calls('GET /api/offerings')).toHaveLength(0);
    await choose(user, 'Ano do prospecto', '2027');

    await waitFor(() => expect(api.calls('GET /api/offerings')).toHaveLength(1));
    expect(paramsOf(api.calls('GET /api/offerings')[0]!.url)).toEqual({
      prospectus_year: '2027',
      vertical: VERTICALS[1]!.id,
      platform: PLATFORMS[0]!.id,
      quota: QUOTAS[0]!.id,
      status: 'active',
      limit: '100',
    });
    // No praça chosen: the national offering only.
    expect(await within(dialog).findByText('Nacional')).toBeInTheDocument();
    expect(line('Nacional')).toHaveTextContent('Nacional Tabela R$ 450.000,00 · 2 de 5 disponíveis');
    expect(within(preview()).queryByText('São Paulo')).not.toBeInTheDocument();
    expect(within(preview()).getByText('Crédito R$ 450.000,00 abaixo da tabela')).toBeInTheDocument();

    await typeCredit(user, dialog, '400000');
    expect(within(preview()).getByText('Crédito R$ 50.000,00 abaixo da tabela')).toBeInTheDocument();

    // São Paulo joins, sold out; the table total is both prices.
    const franchises = within(dialog).getByRole('button', { name: 'Praças' });
    await user.click(franchises);
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'São Paulo' }));
    await user.keyboard('{Escape}');
    // The closed menu gives the focus back to its button, after a moment.
    await waitFor(() => expect(franchises).toHaveFocus());
    expect(line('São Paulo')).toHaveTextContent('São Paulo Tabela R$ 50.000,00 · Esgotada');
    expect(within(line('São Paulo')).getByText('Esgotada')).toHaveClass('bg-red-100');
    expect(within(preview()).getByText('Total de tabela R$ 500.000,00')).toBeInTheDocument();
    expect(within(preview()).getByText('Crédito R$ 100.000,00 abaixo da tabela')).toBeInTheDocument();
    expect(within(preview()).queryByText('Recife')).not.toBeInTheDocument();

    await typeCredit(user, dialog, '600000');
    expect(within(preview()).getByText('Crédito R$ 100.000,00 acima da tabela')).toBeInTheDocument();
    await typeCredit(user, dialog, '500000');
    expect(within(preview()).getByText('Crédito igual à tabela')).toBeInTheDocument();
    // One call for the key: praças and credit are worked out here.
    expect(api.calls('GET /api/offerings')).toHaveLength(1);
  });

  it('says so in a muted line when the prospectus has no such quota', async () => {
    const user = userEvent.setup();
    signedIn({ 'GET /api/brands': { body: apiList(brandSchema, [BRAND]) } });
    const dialog = await openDialog(user);
    await choose(user, 'Vertical', 'Música');
    await choose(user, 'Tipo de cota', 'Master');
    await choose(user, 'Plataforma', 'TV Aberta');
    await choose(user, 'Ano do prospecto', '2026');

    expect(await within(dialog).findByText('Sem cota no prospecto')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cota no prospecto' })).not.toBeInTheDocument();
  });

  it('says on the edit screen which offering the opportunity already holds a unit of', async () => {
    const lead = apiLead('Q1 2027', {
      brand: BRAND,
      vertical: VERTICALS[1],
      quota: QUOTAS[0],
      platform: PLATFORMS[0],
      prospectus_year: 2027,
      contract_status: 'fechado',
      franchises: ['Recife'],
      credit: 480_000,
      stock: [stockItemOf(NATIONAL), stockItemOf(RECIFE)],
    });
    signedIn({
      [`GET /api/leads/${lead.id}`]: { body: lead },
      'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } },
      'GET /api/offerings': OFFERINGS,
    });
    renderRoute(`/leads/editar/${lead.id}`);

    expect(await screen.findByText('Nacional', undefined, { timeout: 15_000 })).toBeInTheDocument();
    // Fechado holds a quota: the units left already count this opportunity.
    await waitFor(() =>
      expect(line('Nacional')).toHaveTextContent(
        'Nacional Tabela R$ 450.000,00 · 2 de 5 disponíveis (inclui esta oportunidade)',
      ),
    );
    expect(line('Recife')).toHaveTextContent(
      'Recife Tabela R$ 30.000,00 · 5 de 5 disponíveis (inclui esta oportunidade)',
    );
    expect(within(preview()).getByText('Total de tabela R$ 480.000,00')).toBeInTheDocument();
    expect(within(preview()).getByText('Crédito igual à tabela')).toBeInTheDocument();
  });
});
