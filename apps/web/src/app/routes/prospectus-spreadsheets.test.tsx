import type { Role } from '@funil/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelAllExports } from '@/features/spreadsheets/hooks/use-export-downloads';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser } from '@/test/api-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const EMPTY_LIST = { body: { data: [], total: 0, page: 1, limit: 0 } };
const SUMMARY = { quantity: 0, held: 0, sold: 0, available: 0, potential: 0, sold_credit: 0, held_credit: 0 };
/** An export that never ends: the test looks at what was asked. */
const pendingExport = () => new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/csv' } });

function openAs(roles: Role[]) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const api = stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/offerings': EMPTY_LIST,
    'GET /api/offerings/summary': { body: SUMMARY },
    'GET /api/offerings/export': pendingExport,
  });
  renderRoute('/prospecto?ano=2027');
  return api;
}

afterEach(() => cancelAllExports());

describe('prospectus spreadsheets', () => {
  it("exports the year shown, and imports through the wizard's prospectus kind", async () => {
    const user = userEvent.setup();
    const api = openAs(['manager']);
    await screen.findByText('Nenhuma cota no prospecto de 2027', {}, { timeout: 15_000 });

    expect(screen.getByRole('link', { name: 'Importar cotas do prospecto de uma planilha' })).toHaveAttribute(
      'href',
      '/importar?tipo=prospecto',
    );
    await user.click(screen.getByRole('button', { name: 'Exportar cotas do prospecto' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));

    await screen.findByRole('region', { name: 'Exportações em andamento' });
    const url = new URL(api.calls('GET /api/offerings/export')[0]!.url, 'http://localhost');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('prospectus_year')).toBe('2027');
  });

  it('lets a seller export the prospectus but not import one', async () => {
    openAs(['comercial']);
    await screen.findByText('Nenhuma cota no prospecto de 2027', {}, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Exportar cotas do prospecto' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Importar/ })).not.toBeInTheDocument();
  });
});
