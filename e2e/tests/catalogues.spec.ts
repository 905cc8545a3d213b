import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';

/*
 * Catalogue writes need an admin or a manager, and only the very first account of an installation
 * becomes admin. The specs share one server, so which spec registers first depends on the run:
 * this file starts its own `npm start` on a fresh data folder and claims that installation.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
let port = '';
let baseURL = '';

test.describe.configure({ mode: 'serial' });

/** A free TCP port on the loopback interface. */
function findFreePort(): Promise<string> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(String(typeof address === 'object' && address ? address.port : '')));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir = '';
let api: APIRequestContext;
let session: { token: string; user: { roles: string[] } };

async function waitForHealth(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`npm start exited with ${server?.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not answer /api/health in time');
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await findFreePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'funil-e2e-catalogues-'));
  // The test runner's NODE_OPTIONS (its module loader) are not the server's business.
  const { NODE_OPTIONS: _runnerOptions, ...env } = process.env;
  // scripts/start.mjs is what `npm start` runs; started directly, it is one process to stop.
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  await waitForHealth(170_000);

  api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post('/api/auth/register', {
    data: { name: 'Gestora de Catalogos', email: 'catalogos@empresa.com.br', password: 'Senha123' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { access_token: string; user: { roles: string[] } };
  session = { token: body.access_token, user: body.user };
  expect(session.user.roles).toContain('admin');
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The app's session: `token` and `user` in localStorage, before any script of the page runs. */
async function signIn(page: Page) {
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

const authHeaders = () => ({ authorization: `Bearer ${session.token}` });

test('creates a vertical typed in lower case, sees it upper-cased, edits and finds it', async ({ page }) => {
  await signIn(page);
  await page.goto(`${baseURL}/configuracoes/verticais`);
  await expect(page.getByText('Nenhuma vertical encontrada')).toBeVisible();

  await page.getByRole('button', { name: 'Nova Vertical' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova Vertical' });
  await dialog.getByLabel('Nome').pressSequentially('esportes');
  await expect(dialog.getByLabel('Nome')).toHaveValue('ESPORTES');
  await dialog.getByLabel('Label').fill('a');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Label deve ter no minimo 2 caracteres')).toBeVisible();
  await dialog.getByLabel('Label').fill('futebol ao vivo');
  await dialog.getByRole('button', { name: 'Criar' }).click();

  await expect(page.getByText('Vertical criada com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Verticais' });
  const row = table.getByRole('row', { name: /ESPORTES/ });
  await expect(row).toContainText('FUTEBOL AO VIVO');
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await row.getByRole('button', { name: 'Editar ESPORTES' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar Vertical' });
  await expect(editDialog.getByLabel('Nome')).toHaveValue('ESPORTES');
  await editDialog.getByLabel('Label').fill('esporte na tv');
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Vertical atualizada com sucesso')).toBeVisible();
  await expect(table.getByRole('row', { name: /ESPORTES/ })).toContainText('ESPORTE NA TV');

  // A second one, so the search has something to leave out.
  const other = await api.post('/api/verticals', {
    headers: authHeaders(),
    data: { name: 'Cultura', label: 'teatro' },
  });
  expect(other.status()).toBe(201);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou label...' });
  await search.fill('na tv');
  await expect(table.getByRole('row', { name: /ESPORTES/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toHaveCount(0);
  await search.fill('nada disso');
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toBeVisible();
});

test('pages through 12 platforms five at a time', async ({ page }) => {
  for (let index = 1; index <= 12; index++) {
    const response = await api.post('/api/platforms', {
      headers: authHeaders(),
      data: { name: `plataforma ${String(index).padStart(2, '0')}`, label: `canal ${index}` },
    });
    expect(response.status()).toBe(201);
  }
  await signIn(page);
  await page.goto(`${baseURL}/configuracoes/plataformas`);

  const table = page.getByRole('table', { name: 'Plataformas' });
  const bodyRows = table.locator('tbody tr');
  await expect(page.getByText('Total: 12 registros')).toBeVisible();
  await expect(page.getByText('Mostrando 1 a 5 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(5);
  // Newest first.
  await expect(bodyRows.first()).toContainText('PLATAFORMA 12');

  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Mostrando 6 a 10 de 12')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Página 3' }).click();
  await expect(page.getByText('Mostrando 11 a 12 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(2);
  await expect(bodyRows.last()).toContainText('PLATAFORMA 01');
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();

  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('Mostrando 6 a 10 de 12')).toBeVisible();

  await page.getByRole('combobox', { name: 'Itens por página' }).click();
  await page.getByRole('option', { name: '15' }).click();
  await expect(page.getByText('Mostrando 1 a 12 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(12);
});

test('sets a quota type inactive and finds it again with the status filter', async ({ page }) => {
  const created = await api.post('/api/quotas', {
    headers: authHeaders(),
    data: { name: 'master', label: 'cota master' },
  });
  expect(created.status()).toBe(201);
  await signIn(page);
  await page.goto(`${baseURL}/configuracoes/tipos-cotas`);

  const table = page.getByRole('table', { name: 'Tipos de Cotas' });
  await table.getByRole('button', { name: 'Editar MASTER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Tipo de Cota' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inativo', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tipo de cota atualizado com sucesso')).toBeVisible();

  // The screen lists active items by default: the inactive one leaves it.
  await expect(page.getByText('Nenhum tipo de cota encontrado')).toBeVisible();

  await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await page.getByRole('option', { name: 'Inativos', exact: true }).click();
  const row = table.getByRole('row', { name: /MASTER/ });
  await expect(row).toContainText('Inativo');

  // Reactivated, it is back among the active ones.
  await row.getByRole('button', { name: 'Editar MASTER' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Ativo', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tipo de cota atualizado com sucesso')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await page.getByRole('option', { name: 'Ativos', exact: true }).click();
  await expect(table.getByRole('row', { name: /MASTER/ })).toContainText('Ativo');
});
