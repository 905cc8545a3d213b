import { format } from 'date-fns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { apiBrand, apiLead, apiStatusChange } from '@/test/api-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { LeadDetailsDialog } from './lead-details-dialog';
import { EXECUTIVE } from './leads.test-helpers';

const LEAD = apiLead('Q1 2026', {
  brand: apiBrand('Café Serra Azul', { cnpj: '11222333000181' }),
  executive: EXECUTIVE,
  contract_status: 'quente',
  prospectus_year: 2028,
  franchises: ['Belo Horizonte', 'Recife', 'São Paulo'],
  credit: 1500,
  invest: 99.9,
  exchange: true,
  rouanet_law: false,
});
const HISTORY = {
  data: [
    apiStatusChange(2, { from_status: 'frio', to_status: 'quente', createdAt: '2026-03-03T09:15:00.000Z' }),
    apiStatusChange(1, { from_status: null, to_status: 'frio', user: null }),
  ],
};
const long = (iso: string, at: string) => format(new Date(iso), `dd/MM/yyyy '${at}' HH:mm`);

function Opener() {
  const [leadId, setLeadId] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setLeadId(LEAD.id)}>
        abrir
      </button>
      <LeadDetailsDialog leadId={leadId} onOpenChange={(open) => !open && setLeadId(null)} />
    </>
  );
}

async function open(routes: Parameters<typeof stubApi>[0]) {
  const user = userEvent.setup();
  const api = stubApi(routes);
  const result = renderWithProviders(<Opener />);
  await user.click(screen.getByRole('button', { name: 'abrir' }));
  return { user, api, ...result };
}

const ROUTES = {
  [`GET /api/leads/${LEAD.id}`]: { body: LEAD },
  [`GET /api/leads/${LEAD.id}/history`]: { body: HISTORY },
};

/** The value the dialog shows for a term of its description list. */
const valueOf = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('lead details dialog', () => {
  it('shows every field of the lead, formatted', async () => {
    await open(ROUTES);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Oportunidade' });
    await within(dialog).findByText('Razão social');
    expect(valueOf(dialog, 'Marca')).toBe('Café Serra Azul');
    expect(valueOf(dialog, 'Razão social')).toBe('Café Serra Azul Ltda');
    expect(valueOf(dialog, 'CNPJ')).toBe('11.222.333/0001-81');
    expect(valueOf(dialog, 'Apuração')).toBe('Q1 2026');
    expect(valueOf(dialog, 'Vertical')).toBe('Esportes');
    expect(valueOf(dialog, 'Tipo de cota')).toBe('Master');
    expect(valueOf(dialog, 'Plataforma')).toBe('TV Aberta');
    expect(valueOf(dialog, 'Ano do prospecto')).toBe('2028');
    expect(valueOf(dialog, 'Status do contrato')).toBe('Quente');
    expect(valueOf(dialog, 'Executivo')).toBe('Carlos Lima');
    expect(valueOf(dialog, 'Praças')).toBe('Belo HorizonteRecifeSão Paulo');
    expect(valueOf(dialog, 'Cota no prospecto')).toBe('Sem cota no prospecto');
    expect(valueOf(dialog, 'Crédito')).toBe('R$\u00a01.500,00');
    expect(valueOf(dialog, 'Investimento')).toBe('R$\u00a099,90');
    expect(valueOf(dialog, 'Permuta')).toBe('Sim');
    expect(valueOf(dialog, 'Lei Rouanet')).toBe('Não');
    expect(valueOf(dialog, 'Criado em')).toBe(long(LEAD.createdAt, 'às'));
    expect(valueOf(dialog, 'Atualizado em')).toBe(long(LEAD.updatedAt, 'às'));
    expect(within(dialog).getByRole('link', { name: 'Abrir em tela cheia' })).toHaveAttribute(
      'href',
      `/leads/editar/${LEAD.id}`,
    );
  });

  it('shows the units left of the prospectus quotas the lead takes', async () => {
    const withStock = {
      ...LEAD,
      stock: [
        { offering_id: 'o-national', franchise: null, quantity: 5, available: 2, list_price: 450_000 },
        { offering_id: 'o-sp', franchise: 'São Paulo', quantity: 1, available: 0, list_price: 50_000 },
      ],
    };
    await open({ ...ROUTES, [`GET /api/leads/${LEAD.id}`]: { body: withStock } });
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Oportunidade' });
    await within(dialog).findByText('Café Serra Azul Ltda');
    const stock = within(dialog).getByText('Cota no prospecto', { selector: 'dt' })
      .nextElementSibling as HTMLElement;
    expect(within(stock).getByText('Cota: 2 de 5 disponíveis')).toBeInTheDocument();
    expect(within(stock).getByText('Cota em São Paulo esgotada: 0 de 1 disponíveis')).toBeInTheDocument();
  });

  it('shows the status history, newest first, with who and when, and the creation', async () => {
    await open(ROUTES);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Oportunidade' });
    const history = await within(dialog).findByRole('list', { name: 'Histórico de status' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Frio→Quente');
    expect(entries[0]).toHaveTextContent(`por Ana Souza · ${long('2026-03-03T09:15:00.000Z', 'às')}`);
    expect(entries[1]).toHaveTextContent('Criada em Frio');
    expect(entries[1]).toHaveTextContent('por usuário removido');
  });

  it('shows the reason given for a lost move under its entry', async () => {
    await open({
      ...ROUTES,
      [`GET /api/leads/${LEAD.id}/history`]: {
        body: {
          data: [
            apiStatusChange(3, {
              from_status: 'quente',
              to_status: 'declinado',
              reason: 'Sem verba em 2026',
            }),
            ...HISTORY.data,
          ],
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Oportunidade' });
    const history = await within(dialog).findByRole('list', { name: 'Histórico de status' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Quente→Declinado');
    expect(entries[0]).toHaveTextContent('Motivo: Sem verba em 2026');
    // A move without a reason shows none.
    expect(entries[1]).not.toHaveTextContent('Motivo');
  });

  it('says when the lead cannot be loaded, and closes', async () => {
    const { user } = await open({
      [`GET /api/leads/${LEAD.id}`]: { status: 404, body: { message: 'Lead não encontrado' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Oportunidade' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao buscar lead');
    expect(alert).toHaveTextContent('Lead não encontrado');
    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    await open(ROUTES);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la oportunidad' });
    await within(dialog).findByText('Razón social');
    expect(valueOf(dialog, 'Canje')).toBe('Sí');
    expect(valueOf(dialog, 'Crédito')).toBe('1500,00\u00a0R$');
    expect(valueOf(dialog, 'Creado el')).toBe(long(LEAD.createdAt, 'a las'));
    expect(await within(dialog).findByText('Creada como Frío')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Abrir en pantalla completa' })).toBeInTheDocument();
  });
});
