import { EventStreamClient } from '@funil/test-server';
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { type Cluster, startCluster } from '../support/cluster';
import { createBrand, createCatalogue } from '../support/pipeline-data';
import { card, column, dragCard } from '../support/board';
import {
  bearer,
  loginByApi,
  registerByApi,
  type Session,
  signInWithSession,
  createByApi,
} from '../support/session';

// A team that outgrew one machine: three API processes with data folders of their own on one
// PostgreSQL database, behind a round-robin proxy (each request to the next process). They must
// behave as one server: one sign-in key, every picture everywhere, one logout, and every browser
// seeing the others' moves live, even when the process holding its stream dies.
const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IWeDFTEMpAQACeY2YQMxYLIAAAAASUVORK5CYII=',
  'base64',
);

let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster(postgresServer, 3);
});
test.afterAll(async () => {
  await cluster?.stop();
});

async function openBoard(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL: cluster.url });
  const page = await context.newPage();
  await signInWithSession(page, session);
  await page.goto('/dashboard');
  return page;
}

test('three processes behind a proxy: one key, every picture, one logout, live moves across browsers', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL: cluster.url });
  // Registration and sign-in land on different processes: the key lives in the database.
  const ana = await registerByApi(api, {
    name: 'Ana Souza',
    email: 'ana@empresa.com.br',
    password: 'segredo1',
  });
  await createByApi(api, ana, '/api/users', {
    name: 'Bruno Lima',
    email: 'bruno@empresa.com.br',
    password: 'segredo1',
    roles: ['user'],
  });
  const bruno = await loginByApi(api, { email: 'bruno@empresa.com.br', password: 'segredo1' });

  const catalogue = await createCatalogue(api, ana);
  const cobalto = await createBrand(api, ana, 'Cobalto', '11.222.333/0001-81');
  const ferro = await createBrand(api, ana, 'Ferro', '11.444.777/0001-61');
  const lead = (brandId: string) =>
    createByApi<{ id: string }>(api, ana, '/api/leads', {
      brand_id: brandId,
      assessment: 'Q1',
      ...catalogue,
      prospectus_year: 2027,
      contract_status: 'frio',
    });
  const cobaltoLead = await lead(cobalto.id);
  await lead(ferro.id);

  // A picture uploaded through one process is served by every process.
  const upload = await api.put(`/api/brands/${cobalto.id}/image`, {
    headers: bearer(ana),
    multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const withImage = (await (await api.get(`/api/brands/${cobalto.id}`, { headers: bearer(ana) })).json()) as {
    image_url: string;
  };
  const served = await Promise.all(
    cluster.processes.map(async ({ url }) => {
      const response = await fetch(`${url}${withImage.image_url}`, { headers: bearer(ana) });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer()).toString('base64');
    }),
  );
  expect(new Set(served).size).toBe(1);

  // Two browsers on the board; each sees the other's move within a second.
  const pageAna = await openBoard(browser, ana);
  const pageBruno = await openBoard(browser, bruno);
  for (const page of [pageAna, pageBruno]) {
    await expect(card(column(page, 'Frio'), 'Cobalto')).toBeVisible();
    await expect(card(column(page, 'Frio'), 'Ferro')).toBeVisible();
  }
  await dragCard(pageAna, card(column(pageAna, 'Frio'), 'Cobalto'), column(pageAna, 'Quente'));
  await expect(card(column(pageAna, 'Quente'), 'Cobalto')).toBeVisible();
  await expect(card(column(pageBruno, 'Quente'), 'Cobalto')).toBeVisible({ timeout: 1_000 });
  await dragCard(pageBruno, card(column(pageBruno, 'Frio'), 'Ferro'), column(pageBruno, 'Morno'));
  await expect(card(column(pageBruno, 'Morno'), 'Ferro')).toBeVisible();
  await expect(card(column(pageAna, 'Morno'), 'Ferro')).toBeVisible({ timeout: 1_000 });
  await expect(pageAna.getByText('Bruno Lima moveu Ferro para Morno')).toBeVisible();

  // A logout through one process holds on all three within 2 s.
  const leaving = await loginByApi(api, { email: 'bruno@empresa.com.br', password: 'segredo1' });
  for (const { url } of cluster.processes) {
    expect((await fetch(`${url}/api/auth/me`, { headers: bearer(leaving) })).status).toBe(200);
  }
  expect((await api.post('/api/auth/logout', { headers: bearer(leaving) })).status()).toBe(204);
  for (const { url } of cluster.processes) {
    await expect
      .poll(async () => (await fetch(`${url}/api/auth/me`, { headers: bearer(leaving) })).status, {
        timeout: 2_000,
      })
      .toBe(401);
  }

  // A process killed mid-stream: its clients reconnect through the others and lose nothing.
  const watcher = await EventStreamClient.open(cluster.url, bearer(ana));
  const streamProcess = cluster.proxy.routed.findLast((entry) => entry.url === '/api/events')?.upstream ?? 0;
  const moves = ['morno', 'quente', 'fechado', 'frio', 'morno', 'quente'];
  await api.patch(`/api/leads/${cobaltoLead.id}`, {
    data: { contract_status: moves[0] },
    headers: bearer(ana),
  });
  await watcher.until(() => watcher.events.length >= 1);
  await cluster.kill(streamProcess);
  await watcher.ended;
  for (const status of moves.slice(1)) {
    const move = await api.patch(`/api/leads/${cobaltoLead.id}`, {
      data: { contract_status: status },
      headers: bearer(ana),
    });
    expect(move.status()).toBe(200);
  }
  const resumed = await EventStreamClient.open(cluster.url, {
    ...bearer(ana),
    'last-event-id': watcher.events.at(-1)?.id ?? '',
  });
  await resumed.until(() => resumed.events.length >= moves.length - 1);
  const received = [...watcher.events, ...resumed.events].map((event) => Number(event.id));
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  const logged = await database.query<{ id: string }>('select id from events where id >= $1 order by id', [
    received[0],
  ]);
  await database.end();
  expect(received).toEqual(logged.rows.map((row) => Number(row.id)));
  watcher.close();
  resumed.close();

  // The browsers whose streams were on the dead process reconnected on their own: a move made now
  // reaches both boards. (Made through the API: a drag here would race the boards' replay of the
  // moves they missed, whose re-rendering can shift a column under the pointer mid-drag.)
  const closing = await api.patch(`/api/leads/${cobaltoLead.id}`, {
    data: { contract_status: 'fechado' },
    headers: bearer(ana),
  });
  expect(closing.status()).toBe(200);
  for (const page of [pageAna, pageBruno]) {
    await expect(card(column(page, 'Fechado'), 'Cobalto')).toBeVisible({ timeout: 10_000 });
  }
});
