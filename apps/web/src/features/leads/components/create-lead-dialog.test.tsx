import { brandSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiBrand, apiLead, apiList } from '@/test/api-fixtures';
import { renderRoute } from '@/test/render';
import {
  EXECUTIVE,
  FRANCHISES,
  PLATFORMS,
  QUOTAS,
  VERTICALS,
  paramsOf,
  signedIn,
} from './leads.test-helpers';

const BRAND = apiBrand('Banco Azul');

async function openDialog(user: UserEvent) {
  renderRoute('/marcas/gerenciar');
  await user.click(
    await screen.findByRole('button', { name: 'Criar oportunidade para Banco Azul' }, { timeout: 5000 }),
  );
  return screen.findByRole('dialog', { name: 'Nova oportunidade' });
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('create opportunity from a brand row', () => {
  it('shows the brand fixed, and the required fields’ messages in the form’s order', async () => {
    const user = userEvent.setup();
    signedIn({ 'GET /api/brands': { body: apiList(brandSchema, [BRAND]) } });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('Oportunidade de patrocínio para Banco Azul')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Marca')).toHaveValue('Banco Azul');
    expect(within(dialog).getByLabelText('Marca')).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: 'Criar oportunidade' }));
    const messages = [
      'Apuração é obrigatória',
      'Vertical é obrigatória',
      'Quota é obrigatória',
      'Plataforma é obrigatória',
      'Ano do prospecto é obrigatório',
      'Status do contrato é obrigatório',
    ];
    for (const message of messages) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    const shown = within(dialog)
      .getAllByText(/obrigatóri[ao]$/)
      .map((element) => element.textContent);
    expect(shown).toEqual(messages);
    // Each message is read with its control.
    expect(within(dialog).getByLabelText('Apuração')).toHaveAccessibleDescription('Apuração é obrigatória');
    expect(within(dialog).getByRole('combobox', { name: 'Vertical' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('creates it with executive and franchises left out when empty, then says so and closes', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/brands': { body: apiList(brandSchema, [BRAND]) },
      'POST /api/leads': { status: 201, body: apiLead('Q1 2026', { brand: BRAND }) },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Apuração'), 'Q1 2026');
    await choose(user, 'Vertical', 'Música');
    await choose(user, 'Tipo de cota', 'Master');
    await choose(user, 'Plataforma', 'TV Aberta');
    await choose(user, 'Ano do prospecto', '2027');
    await choose(user, 'Status do contrato', 'No jurídico');
    const credit = within(dialog).getByLabelText('Crédito');
    // Intl writes a no-break space after the symbol.
    expect(credit).toHaveValue('R$\u00a00,00');
    await user.clear(credit);
    await user.type(credit, '1234567,8');
    expect(credit).toHaveValue('R$\u00a01.234.567,80');
    await user.click(within(dialog).getByRole('switch', { name: 'Lei Rouanet' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar oportunidade' }));

    await waitFor(() => expect(api.calls('POST /api/leads')).toHaveLength(1));
    expect(api.calls('POST /api/leads')[0]!.body).toEqual({
      brand_id: BRAND.id,
      assessment: 'Q1 2026',
      vertical: VERTICALS[1]!.id,
      quota: QUOTAS[0]!.id,
      platform: PLATFORMS[0]!.id,
      prospectus_year: 2027,
      contract_status: 'no_juridico',
      credit: 1234567.8,
      invest: 0,
      exchange: false,
      rouanet_law: true,
    });
    expect(await screen.findByText('Sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Oportunidade criada para Banco Azul')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The active catalogue items and the active comerciais are what the selects offered.
    expect(paramsOf(api.calls('GET /api/verticals')[0]!.url)).toMatchObject({ status: 'active' });
    expect(paramsOf(api.calls('GET /api/users')[0]!.url)).toMatchObject({
      role: 'comercial',
      isActive: 'true',
    });
  });

  it('sends the executive and the franchises chosen by keyboard, and removes one with its badge', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/brands': { body: apiList(brandSchema, [BRAND]) },
      'POST /api/leads': { status: 201, body: apiLead('Q1 2026', { brand: BRAND }) },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Apuração'), 'Q1 2026');
    await choose(user, 'Vertical', 'Esportes');
    await choose(user, 'Tipo de cota', 'Master');
    await choose(user, 'Plataforma', 'TV Aberta');
    await choose(user, 'Ano do prospecto', '2026');
    await choose(user, 'Status do contrato', 'Frio');
    await choose(user, 'Executivo', 'Carlos Lima');

    const franchises = within(dialog).getByRole('button', { name: 'Praças' });
    franchises.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Belo Horizonte' })).toHaveFocus(),
    );
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'São Paulo' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(franchises).toHaveTextContent('2 praças selecionadas');
    await user.click(within(dialog).getByRole('button', { name: 'Remover Belo Horizonte' }));

    await user.click(within(dialog).getByRole('button', { name: 'Criar oportunidade' }));
    await waitFor(() => expect(api.calls('POST /api/leads')).toHaveLength(1));
    expect(api.calls('POST /api/leads')[0]!.body).toMatchObject({
      executive: EXECUTIVE.id,
      franchises: [FRANCHISES[2]!.name],
    });
  });

  it('keeps the dialog open on a failure, with the server’s field message and the toast', async () => {
    const user = userEvent.setup();
    signedIn({
      'GET /api/brands': { body: apiList(brandSchema, [BRAND]) },
      'POST /api/leads': {
        status: 400,
        body: {
          message: 'Vertical não encontrada',
          issues: [{ path: 'vertical', message: 'Vertical não encontrada' }],
        },
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Apuração'), 'Q1');
    await choose(user, 'Vertical', 'Esportes');
    await choose(user, 'Tipo de cota', 'Master');
    await choose(user, 'Plataforma', 'TV Aberta');
    await choose(user, 'Ano do prospecto', '2026');
    await choose(user, 'Status do contrato', 'Frio');
    await user.click(within(dialog).getByRole('button', { name: 'Criar oportunidade' }));

    expect(await within(dialog).findByText('Vertical não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova oportunidade' })).toBeInTheDocument();
    const toast = await screen.findByText('Erro');
    expect(toast.closest('li')).toHaveTextContent('Vertical não encontrada');
  });
});
