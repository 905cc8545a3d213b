import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { apiBrand, apiLead } from '@/test/api-fixtures';
import { renderRoute } from '@/test/render';
import { EXECUTIVE, FRANCHISES, VERTICALS, signedIn } from './leads.test-helpers';

const BRAND = apiBrand('Café Serra Azul');
const LEAD = apiLead('Q1 2026', {
  brand: BRAND,
  vertical: VERTICALS[0],
  contract_status: 'quente',
  prospectus_year: 2027,
  executive: EXECUTIVE,
  franchises: [FRANCHISES[0]!.name, FRANCHISES[2]!.name],
  credit: 1500,
  invest: 250.5,
  exchange: true,
});
const LEAD_PATH = `/api/leads/${LEAD.id}`;
const NO_CONTACTS = { 'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } } };

describe('edit opportunity', () => {
  it('shows the lead’s values, saves only the fields changed, and goes back to the kanban', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      [`GET ${LEAD_PATH}`]: { body: LEAD },
      [`PATCH ${LEAD_PATH}`]: { body: { ...LEAD, assessment: 'Q2 2026' } },
      ...NO_CONTACTS,
    });
    const { router } = renderRoute(`/leads/editar/${LEAD.id}`);

    const assessment = await screen.findByLabelText('Apuração', undefined, { timeout: 5000 });
    expect(assessment).toHaveValue('Q1 2026');
    expect(screen.getByLabelText('Marca')).toHaveValue('Café Serra Azul');
    expect(screen.getByRole('combobox', { name: 'Vertical' })).toHaveTextContent('Esportes');
    expect(screen.getByRole('combobox', { name: 'Status do contrato' })).toHaveTextContent('Quente');
    expect(screen.getByRole('combobox', { name: 'Ano do prospecto' })).toHaveTextContent('2027');
    expect(await screen.findByRole('combobox', { name: 'Executivo' })).toHaveTextContent('Carlos Lima');
    expect(screen.getByRole('button', { name: 'Praças' })).toHaveTextContent('2 praças selecionadas');
    expect(screen.getByLabelText('Crédito')).toHaveValue('R$\u00a01.500,00');
    expect(screen.getByLabelText('Investimento')).toHaveValue('R$\u00a0250,50');
    expect(screen.getByRole('switch', { name: 'Permuta' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Voltar ao Kanban' })).toHaveAttribute('href', '/dashboard');
    // The brand's contacts, under the form; no delete without the permission.
    expect(await screen.findByText('Contatos da marca')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir oportunidade' })).not.toBeInTheDocument();
    // The route puts the AI assistant's button in the header (its behaviour: features/ai-assistant).
    expect(screen.getByRole('button', { name: 'Assistente IA' })).toBeInTheDocument();

    await user.clear(assessment);
    await user.type(assessment, 'Q2 2026');
    await user.click(screen.getByRole('combobox', { name: 'Executivo' }));
    await user.click(await screen.findByRole('option', { name: 'Sem executivo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    await waitFor(() => expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(1));
    // Only the fields that changed: the others are left as they are on the server.
    expect(api.calls(`PATCH ${LEAD_PATH}`)[0]!.body).toEqual({ assessment: 'Q2 2026', executive: null });
    expect(await screen.findByText('Lead atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends nothing when nothing changed, says it is saved and goes back to the kanban', async () => {
    const user = userEvent.setup();
    const api = signedIn({ [`GET ${LEAD_PATH}`]: { body: LEAD }, ...NO_CONTACTS });
    const { router } = renderRoute(`/leads/editar/${LEAD.id}`);
    await screen.findByLabelText('Apuração', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Lead atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(0);
  });

  it('asks why the deal was lost when saved as Declinado, and sends the reason with the save', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      [`GET ${LEAD_PATH}`]: { body: LEAD },
      [`PATCH ${LEAD_PATH}`]: { body: { ...LEAD, contract_status: 'declinado' } },
      ...NO_CONTACTS,
    });
    renderRoute(`/leads/editar/${LEAD.id}`);
    await user.click(await screen.findByRole('combobox', { name: 'Status do contrato' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: 'Declinado' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    const dialog = await screen.findByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
    expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Fechou com a concorrência');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar motivo' }));

    await waitFor(() => expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(1));
    expect(api.calls(`PATCH ${LEAD_PATH}`)[0]!.body).toEqual({
      contract_status: 'declinado',
      reason: 'Fechou com a concorrência',
    });
    expect(await screen.findByText('Lead atualizado com sucesso.')).toBeInTheDocument();
  });

  it('saves a lost status without a reason when the question is skipped', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      [`GET ${LEAD_PATH}`]: { body: LEAD },
      [`PATCH ${LEAD_PATH}`]: { body: { ...LEAD, contract_status: 'cancelado' } },
      ...NO_CONTACTS,
    });
    renderRoute(`/leads/editar/${LEAD.id}`);
    await user.click(await screen.findByRole('combobox', { name: 'Status do contrato' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: 'Cancelado' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const dialog = await screen.findByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pular' }));

    await waitFor(() => expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(1));
    const body = api.calls(`PATCH ${LEAD_PATH}`)[0]!.body as Record<string, unknown>;
    expect(body.contract_status).toBe('cancelado');
    expect(body).not.toHaveProperty('reason');
  });

  it('says why a save failed and stays', async () => {
    const user = userEvent.setup();
    signedIn({
      [`GET ${LEAD_PATH}`]: { body: LEAD },
      [`PATCH ${LEAD_PATH}`]: { status: 500, body: {} },
      ...NO_CONTACTS,
    });
    const { router } = renderRoute(`/leads/editar/${LEAD.id}`);
    await user.type(await screen.findByLabelText('Apuração', undefined, { timeout: 5000 }), '!');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const toast = await screen.findByText('Erro ao atualizar lead');
    expect(toast).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/leads/editar/${LEAD.id}`);
  });

  it('goes back to the kanban with an error when the lead cannot be loaded', async () => {
    signedIn({ [`GET ${LEAD_PATH}`]: { status: 404, body: { message: 'Lead não encontrado' } } });
    const { router } = renderRoute(`/leads/editar/${LEAD.id}`);
    expect(
      await screen.findByText('Erro ao carregar lead', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Lead não encontrado')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('deletes it after a confirmation, for a manager', async () => {
    const user = userEvent.setup();
    const api = signedIn(
      {
        [`GET ${LEAD_PATH}`]: { body: LEAD },
        [`DELETE ${LEAD_PATH}`]: { status: 204 },
        ...NO_CONTACTS,
      },
      ['manager'],
    );
    const { router } = renderRoute(`/leads/editar/${LEAD.id}`);
    await user.click(await screen.findByRole('button', { name: 'Excluir oportunidade' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir oportunidade?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls(`DELETE ${LEAD_PATH}`)).toHaveLength(1));
    expect(await screen.findByText('Oportunidade excluída.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Asked once, never again after the delete (a 404 would say 'Erro ao carregar lead').
    expect(api.calls(`GET ${LEAD_PATH}`)).toHaveLength(1);
  });

  it('speaks English, with amounts typed in its separators and still in reais', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    signedIn({ [`GET ${LEAD_PATH}`]: { body: LEAD }, ...NO_CONTACTS });
    renderRoute(`/leads/editar/${LEAD.id}`);
    const credit = await screen.findByLabelText('Credit', undefined, { timeout: 5000 });
    expect(credit).toHaveValue('R$1,500.00');
    await user.clear(credit);
    await user.type(credit, '1234.5');
    expect(credit).toHaveValue('R$1,234.50');
    expect(screen.getByRole('link', { name: 'Back to Kanban' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Contract status' })).toHaveTextContent('Hot');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('speaks Spanish, with the symbol after the amount', async () => {
    await i18n.changeLanguage('es');
    signedIn({ [`GET ${LEAD_PATH}`]: { body: LEAD }, ...NO_CONTACTS });
    renderRoute(`/leads/editar/${LEAD.id}`);
    const invest = await screen.findByLabelText('Inversión', undefined, { timeout: 5000 });
    expect(invest).toHaveValue('250,50\u00a0R$');
    expect(screen.getByRole('link', { name: 'Volver al Kanban' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estado del contrato' })).toHaveTextContent('Caliente');
  });
});
