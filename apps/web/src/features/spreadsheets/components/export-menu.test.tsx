import { brandSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiBrand, apiList, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';
import { cancelAllExports } from '../hooks/use-export-downloads';

function signedIn(routes: Record<string, StubRoute>) {
  const user = apiUser({ roles: ['comercial'] });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/brands': { body: apiList(brandSchema, [apiBrand('Café Serra Azul')], { total: 1, limit: 20 }) },
    ...routes,
  });
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

/** A streamed answer whose chunks the test sends, as a large export arrives. */
function streamedAnswer(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers }),
    send: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    end: () => controller.close(),
  };
}

let saved: { name: string; href: string }[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

// The downloads live outside React, so a test's unfinished one must not reach the next test.
afterEach(() => cancelAllExports());

async function exportAs(format: 'CSV' | 'Excel (XLSX)') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Exportar marcas' }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
  return user;
}

describe('brand list export', () => {
  it('downloads what the list shows, with progress, under the server’s file name', async () => {
    const answer = streamedAnswer({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="marcas.csv"; filename*=UTF-8''marcas-s%C3%A3o.csv`,
      'Content-Length': String(2 * 1024 * 1024),
    });
    const api = signedIn({ 'GET /api/brands/export': () => answer.response });
    renderRoute('/marcas/gerenciar');
    await screen.findByText('Café Serra Azul', undefined, { timeout: 5000 });

    await exportAs('CSV');
    const panel = await screen.findByRole('region', { name: 'Exportações em andamento' });
    expect(paramsOf(api.calls('GET /api/brands/export')[0]!.url)).toEqual({
      status: 'active',
      sort: 'name',
      order: 'asc',
      format: 'csv',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(api.calls('GET /api/brands/export')[0]!.headers.get('Authorization')).toBe('Bearer token');
    expect(screen.getByRole('button', { name: 'Exportar marcas' })).toBeDisabled();

    answer.send('x'.repeat(1024 * 1024 + 200 * 1024));
    expect(await within(panel).findByText('1,1 MB de 2 MB')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Download de marcas' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    answer.send('y'.repeat(800 * 1024));
    answer.end();

    expect(await screen.findByText('Planilha marcas-são.csv baixada')).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'marcas-são.csv', href: 'blob:export' }]);
    await waitFor(() => expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Exportar marcas' })).toBeEnabled();
  });

  it('cancels a download: nothing is saved', async () => {
    const answer = streamedAnswer({ 'Content-Type': 'text/csv' });
    signedIn({ 'GET /api/brands/export': () => answer.response });
    renderRoute('/marcas/gerenciar');

    const user = await exportAs('Excel (XLSX)');
    answer.send('PK');
    const panel = await screen.findByRole('region', { name: 'Exportações em andamento' });
    expect(
      await within(panel).findByText('Exportando marcas (Excel (XLSX))', { selector: 'p.font-medium' }),
    ).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Cancelar exportação de marcas' }));

    expect(await screen.findByText('Exportação cancelada')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the server’s refusal in a toast', async () => {
    signedIn({
      'GET /api/brands/export': { status: 400, body: { message: 'Formato deve ser csv ou xlsx' } },
    });
    renderRoute('/marcas/gerenciar');

    await exportAs('CSV');
    expect(await screen.findByText('Formato deve ser csv ou xlsx')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
