import { defaultPipelineSettings, type Role } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function openAs(roles: Role[], routes: Record<string, StubRoute> = {}) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const api = stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/settings/pipeline': { body: defaultPipelineSettings() },
    ...routes,
  });
  renderRoute('/configuracoes/funil');
  return api;
}

const table = () => screen.findByRole('table', { name: 'Configurações por status' }, { timeout: 5000 });
const probability = (status: string) =>
  screen.getByRole('spinbutton', { name: `Probabilidade de ${status} (%)` });
const staleDays = (status: string) =>
  screen.getByRole('spinbutton', { name: `Dias até parado em ${status}` });
const holdsQuota = (status: string) => screen.getByRole('checkbox', { name: `Reserva cota em ${status}` });
/** The menu's entry for this screen (the logo link is named "Funil" too). */
const menuEntry = () =>
  within(screen.getByRole('navigation', { name: 'Menu principal' }))
    .queryAllByRole('link')
    .find((link) => link.getAttribute('href') === '/configuracoes/funil');

describe('pipeline settings', () => {
  it('loads the eight statuses, listed under Configurações for a manager, and saves them with PUT', async () => {
    const user = userEvent.setup();
    const api = openAs(['manager'], {
      'PUT /api/settings/pipeline': ({ body }) => ({ body }),
    });
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(within(rows[1]!).getByText('Frio')).toBeInTheDocument();
    expect(probability('Frio')).toHaveValue(10);
    expect(staleDays('Frio')).toHaveValue(30);
    // Signed, declined and cancelled deals are never stale: an empty box.
    expect(staleDays('Assinado')).toHaveValue(null);
    expect(menuEntry()).toHaveTextContent('Funil');
    expect(menuEntry()).toHaveAttribute('aria-current', 'page');

    await user.clear(probability('Quente'));
    await user.type(probability('Quente'), '55');
    await user.clear(staleDays('Frio'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Configurações do funil salvas')).toBeInTheDocument();
    const sent = api.calls('PUT /api/settings/pipeline')[0]!.body as ReturnType<
      typeof defaultPipelineSettings
    >;
    expect(sent.statuses).toHaveLength(8);
    expect(sent.statuses[0]).toEqual({
      contract_status: 'frio',
      probability: 10,
      stale_after_days: null,
      holds_quota: false,
    });
    expect(sent.statuses[2]).toEqual({
      contract_status: 'quente',
      probability: 55,
      stale_after_days: 14,
      holds_quota: false,
    });
  });

  it('says which statuses hold a quota of the prospectus, saves a change and reads the offerings again', async () => {
    const user = userEvent.setup();
    const api = openAs(['manager'], {
      'PUT /api/settings/pipeline': ({ body }) => ({ body }),
    });
    await table();
    expect(holdsQuota('Frio')).not.toBeChecked();
    expect(holdsQuota('Fechado')).toBeChecked();
    expect(holdsQuota('No jurídico')).toBeChecked();
    expect(holdsQuota('Assinado')).toBeChecked();
    expect(holdsQuota('Quente')).toHaveAccessibleDescription(
      'Reserva cota: oportunidades neste status ocupam uma cota do prospecto; em Assinado, contam como vendidas.',
    );
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');

    await user.click(holdsQuota('Quente'));
    await user.click(holdsQuota('No jurídico'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Configurações do funil salvas')).toBeInTheDocument();
    const sent = api.calls('PUT /api/settings/pipeline')[0]!.body as ReturnType<
      typeof defaultPipelineSettings
    >;
    expect(sent.statuses.map((status) => status.holds_quota)).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'offerings'] });
  });

  it("shows the server's refusal of a change that would oversell an offering, under the table too", async () => {
    const user = userEvent.setup();
    const message = 'Cota esgotada: Master · TV aberta · Esporte · 2027 · São Paulo';
    openAs(['admin'], {
      'PUT /api/settings/pipeline': { status: 409, body: { message } },
    });
    await table();
    await user.click(holdsQuota('Quente'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const shown = await screen.findAllByText(message);
    // The toast and the line under the table.
    expect(shown).toHaveLength(2);
    expect(holdsQuota('Quente')).toBeChecked();
  });

  it('checks the values with the shared schema before saving', async () => {
    const user = userEvent.setup();
    const api = openAs(['admin']);
    await table();

    await user.clear(probability('Morno'));
    await user.type(probability('Morno'), '120');
    await user.clear(staleDays('Quente'));
    await user.type(staleDays('Quente'), '0');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(
      await screen.findByText('Probabilidade deve ser um número inteiro de 0 a 100'),
    ).toBeInTheDocument();
    expect(probability('Morno')).toHaveAttribute('aria-invalid', 'true');
    expect(probability('Morno')).toHaveAccessibleDescription(
      'Probabilidade deve ser um número inteiro de 0 a 100',
    );
    expect(staleDays('Quente')).toHaveAccessibleDescription(
      'Dias até parado deve ser um número inteiro de 1 a 365, ou vazio',
    );
    expect(api.calls('PUT /api/settings/pipeline')).toHaveLength(0);
  });

  it("puts the server's message on the field it names and in the error toast", async () => {
    const user = userEvent.setup();
    openAs(['admin'], {
      'PUT /api/settings/pipeline': {
        status: 400,
        body: {
          message: 'Dados inválidos',
          issues: [{ path: 'statuses.1.probability', message: 'Probabilidade recusada pelo servidor' }],
        },
      },
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(probability('Morno')).toHaveAccessibleDescription('Probabilidade recusada pelo servidor'),
    );
    expect(await screen.findByText('Dados inválidos')).toBeInTheDocument();
  });

  it('shows the values without a way to change them, and no menu entry, without settings.write', async () => {
    openAs(['comercial']);
    await table();
    expect(
      screen.getByText('Somente administradores e gerentes alteram estas configurações.'),
    ).toBeInTheDocument();
    expect(probability('Frio')).toHaveAttribute('readonly');
    expect(holdsQuota('Fechado')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(menuEntry()).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Idioma' })).toBeInTheDocument();
  });
});
