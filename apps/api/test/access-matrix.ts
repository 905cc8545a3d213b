import { randomUUID } from 'node:crypto';
import { defaultPipelineSettings, hasPermission, type Permission, type Role } from '@funil/shared';
import type { App } from '../src/app';
import { createBrandVia, createContactVia, imageBytes, multipartFile } from './brand-fixtures';
import { createLeadReferences, createLeadVia, leadBody } from './lead-fixtures';
import { type SignedIn, signIn } from './sign-in';
import { multipartForm } from './spreadsheet-fixtures';

/**
 * Role × endpoint matrix. access-matrix.test.ts calls every row once per caller and expects exactly
 * these statuses; it FAILS when a route of the app has no row here, so a new route is not done
 * until its row is added. Rows of permission-gated routes take their statuses from the shared
 * policy (packages/shared/src/policy/permissions.ts) through `permitted`, so the test checks the
 * API's answers against the policy that the screens read too.
 *
 * To add a route: append a row with the route's method and url pattern exactly as registered
 * (`/api/verticals/:id`), the status each caller must get, and, when the call needs a concrete
 * url or a body, a `request` function building them (it may create records through ctx.app first;
 * it runs once per caller, so create what the call consumes, e.g. a row to delete, inside it).
 */
export const CALLERS = ['anonymous', 'user', 'manager', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

/** The roles each signed-in caller holds (the test signs them in with these). */
export const CALLER_ROLES = {
  user: ['user'],
  manager: ['manager'],
  admin: ['admin'],
} as const satisfies Record<SignedInCaller, readonly Role[]>;

export type MatrixContext = {
  app: App;
  caller: Caller;
  /** The signed-in callers (their user rows), anonymous excluded. */
  users: Record<SignedInCaller, SignedIn>;
  /** A unique suffix for names and emails. */
  unique: () => string;
};

export type MatrixRequest = { url?: string; payload?: unknown; headers?: Record<string, string> };

export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  expect: Record<Caller, number>;
  request?: (ctx: MatrixContext) => Promise<MatrixRequest> | MatrixRequest;
  /** The answer is a stream that stays open: called over real HTTP, its status read, then hung up. */
  isStream?: true;
};

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  user: status,
  manager: status,
  admin: status,
});
const signedIn = (status: number): Record<Caller, number> => ({ ...all(status), anonymous: 401 });
/** A route needing `permission`: `status` for the callers the policy grants it, 403 for the rest. */
export const permitted = (permission: Permission, status: number): Record<Caller, number> => {
  const answer = (caller: SignedInCaller) => (hasPermission(CALLER_ROLES[caller], permission) ? status : 403);
  return { anonymous: 401, user: answer('user'), manager: answer('manager'), admin: answer('admin') };
};

const freshUser = (ctx: MatrixContext) => signIn(ctx.app, { email: `matrix-${ctx.unique()}@example.com` });

export const ACCESS_MATRIX: MatrixRow[] = [
  { method: 'GET', url: '/api/health', expect: all(200) },

  // Auth
  {
    method: 'POST',
    url: '/api/auth/register',
    // Plain registrations are public; a body with `roles` needs user.manage, and anyone else
    // sending one gets 403, the anonymous caller included.
    expect: { ...permitted('user.manage', 201), anonymous: 403 },
    request: (ctx) => ({
      payload: {
        name: 'Conta Matriz',
        email: `reg-${ctx.unique()}@example.com`,
        password: 'segredo1',
        roles: ['user'],
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    expect: all(200),
    request: async (ctx) => {
      const target = await freshUser(ctx);
      return { payload: { email: target.user.email, password: target.password } };
    },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    expect: signedIn(204),
    // Logs out a session of its own, so the caller's main token stays valid for the other rows.
    request: async (ctx) => {
      if (ctx.caller === 'anonymous') return {};
      const { token } = await ctx.app.issueAccessToken(ctx.users[ctx.caller].user.id);
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
  { method: 'GET', url: '/api/auth/me', expect: signedIn(200) },
  { method: 'GET', url: '/api/auth/setup', expect: all(200) },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    expect: all(202),
    request: () => ({ payload: { email: 'ninguem@example.com' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password/confirm',
    expect: all(400),
    request: () => ({ payload: { token: 'token-que-nao-existe', password: 'segredo1' } }),
  },
  { method: 'GET', url: '/api/auth/google/config', expect: all(200) },
  {
    method: 'POST',
    url: '/api/auth/google',
    // Not configured in this app: public, so everyone reaches the 503.
    expect: all(503),
    request: () => ({ payload: { code: 'c', redirect_uri: 'http://localhost:3000/auth/callback' } }),
  },

  // Users
  { method: 'GET', url: '/api/users', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/users/:id',
    expect: signedIn(200),
    request: (ctx) => ({ url: `/api/users/${ctx.users.user.user.id}` }),
  },
  {
    method: 'POST',
    url: '/api/users',
    expect: permitted('user.manage', 201),
    request: (ctx) => ({
      payload: {
        name: 'Novo Usuario',
        email: `new-${ctx.unique()}@example.com`,
        password: 'segredo1',
        roles: ['comercial'],
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/users/:id',
    expect: permitted('user.manage', 200),
    request: async (ctx) => ({
      url: `/api/users/${(await freshUser(ctx)).user.id}`,
      payload: { name: 'Outro Nome' },
    }),
  },
];

/** Creates a catalogue item as the admin (so the row's own call has something to read or delete). */
async function catalogueItem(ctx: MatrixContext, resource: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    headers: ctx.users.admin.headers,
    payload: { name: `ITEM ${ctx.unique()}`, label: 'ROTULO' },
  });
  if (response.statusCode !== 201) throw new Error(`creating a ${resource} item: ${response.body}`);
  return (response.json() as { id: string }).id;
}

// Catalogues: anyone signed in reads; writing needs catalogue.write.
for (const resource of ['verticals', 'quotas', 'platforms'] as const) {
  ACCESS_MATRIX.push(
    { method: 'GET', url: `/api/${resource}`, expect: signedIn(200) },
    {
      method: 'GET',
      url: `/api/${resource}/:id`,
      expect: signedIn(200),
      request: async (ctx) => ({ url: `/api/${resource}/${await catalogueItem(ctx, resource)}` }),
    },
    {
      method: 'POST',
      url: `/api/${resource}`,
      expect: permitted('catalogue.write', 201),
      request: (ctx) => ({ payload: { name: `NOVO ${ctx.unique()}`, label: 'ROTULO' } }),
    },
    {
      method: 'PATCH',
      url: `/api/${resource}/:id`,
      expect: permitted('catalogue.write', 200),
      request: async (ctx) => ({
        url: `/api/${resource}/${await catalogueItem(ctx, resource)}`,
        payload: { label: 'OUTRO ROTULO' },
      }),
    },
    {
      method: 'DELETE',
      url: `/api/${resource}/:id`,
      expect: permitted('catalogue.write', 204),
      request: async (ctx) => ({ url: `/api/${resource}/${await catalogueItem(ctx, resource)}` }),
    },
  );
}

// Franchises: read-only reference data; writes are 405 for anyone signed in.
ACCESS_MATRIX.push({ method: 'GET', url: '/api/franchises', expect: signedIn(200) });
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  ACCESS_MATRIX.push(
    { method, url: '/api/franchises', expect: signedIn(405) },
    {
      method,
      url: '/api/franchises/:id',
      expect: signedIn(405),
      request: () => ({ url: `/api/franchises/${randomUUID()}` }),
    },
  );
}

export const uniqueSuffix = () => randomUUID().slice(0, 8);

// Brands and their pictures: anyone signed in reads, creates, edits and uploads; deleting needs
// record.delete. The picture itself is public (an <img> sends no token).
const brandOf = async (ctx: MatrixContext) => (await createBrandVia(ctx.app, ctx.users.admin.headers)).id;
const brandWithImage = async (ctx: MatrixContext) => {
  const id = await brandOf(ctx);
  const upload = multipartFile('image', {
    name: 'logo.png',
    type: 'image/png',
    data: await imageBytes('png', 40, 30),
  });
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/brands/${id}/image`,
    headers: { ...ctx.users.admin.headers, ...upload.headers },
    payload: upload.payload,
  });
  if (response.statusCode !== 200) throw new Error(`uploading a picture: ${response.body}`);
  return id;
};
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/brands', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/brands/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/brands/${await brandOf(ctx)}` }),
  },
  {
    method: 'POST',
    url: '/api/brands',
    expect: signedIn(201),
    request: () => ({
      payload: { name: 'Marca Nova', company_name: 'Empresa Nova Ltda', cnpj: '11222333000181' },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/brands/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/brands/${await brandOf(ctx)}`, payload: { responsible: 'Bia' } }),
  },
  {
    method: 'DELETE',
    url: '/api/brands/:id',
    expect: permitted('record.delete', 204),
    request: async (ctx) => ({ url: `/api/brands/${await brandOf(ctx)}` }),
  },
  {
    method: 'PUT',
    url: '/api/brands/:id/image',
    expect: signedIn(200),
    request: async (ctx) => {
      const upload = multipartFile('image', {
        name: 'logo.png',
        type: 'image/png',
        data: await imageBytes('png', 40, 30),
      });
      return {
        url: `/api/brands/${await brandOf(ctx)}/image`,
        payload: upload.payload,
        headers: upload.headers,
      };
    },
  },
  {
    method: 'DELETE',
    url: '/api/brands/:id/image',
    expect: signedIn(204),
    request: async (ctx) => ({ url: `/api/brands/${await brandWithImage(ctx)}/image` }),
  },
  {
    method: 'GET',
    url: '/api/brands/:id/image',
    expect: all(200),
    request: async (ctx) => ({ url: `/api/brands/${await brandWithImage(ctx)}/image` }),
  },
);

// Contacts: like brands.
const contactOf = async (ctx: MatrixContext) =>
  (await createContactVia(ctx.app, ctx.users.admin.headers, await brandOf(ctx))).id;
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/contacts', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/contacts/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/contacts/${await contactOf(ctx)}` }),
  },
  {
    method: 'POST',
    url: '/api/contacts',
    expect: signedIn(201),
    request: async (ctx) => ({
      payload: {
        brand_id: await brandOf(ctx),
        first_name: 'Caio',
        last_name: 'Lima',
        email: 'caio@marca.com.br',
        phone_number: '5521988887777',
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/contacts/:id',
    expect: signedIn(200),
    request: async (ctx) => ({
      url: `/api/contacts/${await contactOf(ctx)}`,
      payload: { position: 'Diretor' },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/contacts/:id',
    expect: permitted('record.delete', 204),
    request: async (ctx) => ({ url: `/api/contacts/${await contactOf(ctx)}` }),
  },
);

// Leads: like brands and contacts; the history and the pipeline views are reads.
const leadOf = async (ctx: MatrixContext) =>
  (
    await createLeadVia(
      ctx.app,
      ctx.users.admin.headers,
      await createLeadReferences(ctx.app, ctx.users.admin.headers),
    )
  ).id;
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/leads', expect: signedIn(200) },
  { method: 'GET', url: '/api/leads/summary', expect: signedIn(200) },
  { method: 'GET', url: '/api/leads/board', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/leads/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/leads/${await leadOf(ctx)}` }),
  },
  {
    method: 'GET',
    url: '/api/leads/:id/history',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/leads/${await leadOf(ctx)}/history` }),
  },
  {
    method: 'POST',
    url: '/api/leads',
    expect: signedIn(201),
    request: async (ctx) => ({
      payload: leadBody(await createLeadReferences(ctx.app, ctx.users.admin.headers)),
    }),
  },
  {
    method: 'PATCH',
    url: '/api/leads/:id',
    expect: signedIn(200),
    request: async (ctx) => ({
      url: `/api/leads/${await leadOf(ctx)}`,
      payload: { contract_status: 'quente' },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/leads/:id',
    expect: permitted('record.delete', 204),
    request: async (ctx) => ({ url: `/api/leads/${await leadOf(ctx)}` }),
  },
  // A bulk move is open to anyone signed in; a bulk delete needs record.delete (lead-bulk.test).
  {
    method: 'POST',
    url: '/api/leads/bulk',
    expect: signedIn(200),
    request: async (ctx) => ({ payload: { ids: [await leadOf(ctx)], contract_status: 'morno' } }),
  },
);

// The pipeline's settings: anyone signed in reads them; settings.write changes them.
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/settings/pipeline', expect: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/settings/pipeline',
    expect: permitted('settings.write', 200),
    request: () => ({ payload: defaultPipelineSettings() }),
  },
);

// The prospectus: anyone signed in reads it; prospectus.write changes it. Each call gets an offering
// of its own key (fresh catalogue items), so no row meets another's.
const offeringBodyOf = async (ctx: MatrixContext) => ({
  prospectus_year: 2026,
  vertical: await catalogueItem(ctx, 'verticals'),
  platform: await catalogueItem(ctx, 'platforms'),
  quota: await catalogueItem(ctx, 'quotas'),
  quantity: 3,
  list_price: 1000,
});
const offeringOf = async (ctx: MatrixContext) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/offerings',
    headers: ctx.users.admin.headers,
    payload: await offeringBodyOf(ctx),
  });
  if (response.statusCode !== 201) throw new Error(`creating an offering: ${response.body}`);
  return response.json<{ id: string }>().id;
};
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/offerings', expect: signedIn(200) },
  { method: 'GET', url: '/api/offerings/summary', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/offerings/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/offerings/${await offeringOf(ctx)}` }),
  },
  {
    method: 'POST',
    url: '/api/offerings',
    expect: permitted('prospectus.write', 201),
    request: async (ctx) => ({ payload: await offeringBodyOf(ctx) }),
  },
  {
    method: 'PATCH',
    url: '/api/offerings/:id',
    expect: permitted('prospectus.write', 200),
    request: async (ctx) => ({ url: `/api/offerings/${await offeringOf(ctx)}`, payload: { quantity: 4 } }),
  },
  {
    method: 'DELETE',
    url: '/api/offerings/:id',
    expect: permitted('prospectus.write', 204),
    request: async (ctx) => ({ url: `/api/offerings/${await offeringOf(ctx)}` }),
  },
);

// Notes: anyone signed in reads and writes them; only the author edits one (every caller edits
// its own here); the author or work.others deletes one (here someone else's).
const noteBy = async (ctx: MatrixContext, author: SignedIn) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/leads/${await leadOf(ctx)}/notes`,
    headers: author.headers,
    payload: { body: 'Nota da matriz' },
  });
  return response.json<{ id: string }>().id;
};
for (const owner of ['leads', 'brands'] as const) {
  const ownerOf = async (ctx: MatrixContext) =>
    owner === 'leads' ? leadOf(ctx) : (await createBrandVia(ctx.app, ctx.users.admin.headers)).id;
  ACCESS_MATRIX.push(
    {
      method: 'GET',
      url: `/api/${owner}/:id/notes`,
      expect: signedIn(200),
      request: async (ctx) => ({ url: `/api/${owner}/${await ownerOf(ctx)}/notes` }),
    },
    {
      method: 'POST',
      url: `/api/${owner}/:id/notes`,
      expect: signedIn(201),
      request: async (ctx) => ({
        url: `/api/${owner}/${await ownerOf(ctx)}/notes`,
        payload: { body: 'Olá' },
      }),
    },
    {
      method: 'GET',
      url: `/api/${owner}/:id/timeline`,
      expect: signedIn(200),
      request: async (ctx) => ({ url: `/api/${owner}/${await ownerOf(ctx)}/timeline` }),
    },
  );
}
ACCESS_MATRIX.push(
  {
    method: 'PATCH',
    url: '/api/notes/:id',
    expect: signedIn(200),
    request: async (ctx) => ({
      url: `/api/notes/${await noteBy(ctx, ctx.caller === 'anonymous' ? ctx.users.admin : ctx.users[ctx.caller])}`,
      payload: { body: 'Editada' },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/notes/:id',
    expect: permitted('work.others', 204),
    request: async (ctx) => ({ url: `/api/notes/${await noteBy(ctx, await freshUser(ctx))}` }),
  },
);

// Tasks: anyone signed in creates and reads them; someone else's task is edited or deleted with
// work.others (its creator and assignee edit it too: tasks.test).
const taskOfSomeoneElse = async (ctx: MatrixContext) => {
  const other = await freshUser(ctx);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: other.headers,
    payload: { title: 'Tarefa da matriz', due_at: '2030-01-01T12:00:00Z' },
  });
  return response.json<{ id: string }>().id;
};
ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/tasks', expect: signedIn(200) },
  { method: 'GET', url: '/api/tasks/counts', expect: signedIn(200) },
  {
    method: 'POST',
    url: '/api/tasks',
    expect: signedIn(201),
    request: () => ({ payload: { title: 'Ligar', due_at: '2030-01-01T12:00:00Z' } }),
  },
  {
    method: 'GET',
    url: '/api/tasks/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/tasks/${await taskOfSomeoneElse(ctx)}` }),
  },
  {
    method: 'PATCH',
    url: '/api/tasks/:id',
    expect: permitted('work.others', 200),
    request: async (ctx) => ({ url: `/api/tasks/${await taskOfSomeoneElse(ctx)}`, payload: { done: true } }),
  },
  {
    method: 'DELETE',
    url: '/api/tasks/:id',
    expect: permitted('work.others', 204),
    request: async (ctx) => ({ url: `/api/tasks/${await taskOfSomeoneElse(ctx)}` }),
  },
);

// The pipeline report: anyone signed in.
ACCESS_MATRIX.push({
  method: 'GET',
  url: '/api/reports/pipeline',
  expect: signedIn(200),
  request: () => ({ url: '/api/reports/pipeline?from=2026-01-01&to=2026-12-31' }),
});

// Spreadsheet exports: any signed-in user; the format is required.
for (const kind of ['leads', 'brands', 'contacts', 'offerings'] as const) {
  ACCESS_MATRIX.push({
    method: 'GET',
    url: `/api/${kind}/export`,
    expect: signedIn(200),
    request: () => ({ url: `/api/${kind}/export?format=csv` }),
  });
}

// Spreadsheet imports: any signed-in user; multipart, a file and the options (a dry run).
for (const [kind, csv] of [
  ['brands', 'Nome da marca;Razão social;CNPJ\nMarca Matriz;Matriz Ltda;11222333000181'],
  ['leads', 'CNPJ da marca;Apuração\n11222333000181;Q1'],
  ['contacts', 'CNPJ da marca;Email\n11222333000181;matriz@marca.com.br'],
] as const) {
  ACCESS_MATRIX.push({
    method: 'POST',
    url: `/api/${kind}/import`,
    expect: signedIn(200),
    request: () => {
      const form = multipartForm([
        { name: 'dry_run', value: 'true' },
        { name: 'file', filename: `${kind}.csv`, type: 'text/csv', data: Buffer.from(csv) },
      ]);
      return { payload: form.payload, headers: form.headers };
    },
  });
}

// The prospectus import: who may edit the prospectus (a dry run).
ACCESS_MATRIX.push({
  method: 'POST',
  url: '/api/offerings/import',
  expect: permitted('prospectus.write', 200),
  request: () => {
    const form = multipartForm([
      { name: 'dry_run', value: 'true' },
      {
        name: 'file',
        filename: 'prospecto.csv',
        type: 'text/csv',
        data: Buffer.from('Ano;Vertical;Plataforma;Cota;Quantidade\n2026;ESPORTE;TV;MASTER;2'),
      },
    ]);
    return { payload: form.payload, headers: form.headers };
  },
});

// Company lookups: any signed-in user; lookups are off in the test app (nothing leaves the machine).
ACCESS_MATRIX.push({
  method: 'GET',
  url: '/api/companies/:cnpj',
  expect: signedIn(503),
  request: () => ({ url: '/api/companies/11222333000181' }),
});

// The AI assistant: any signed-in user; no provider is configured in the test app (503), and the
// status route says so.
ACCESS_MATRIX.push({ method: 'GET', url: '/api/events', expect: signedIn(200), isStream: true });

ACCESS_MATRIX.push(
  { method: 'GET', url: '/api/openai/status', expect: signedIn(200) },
  {
    method: 'POST',
    url: '/api/openai/gemini',
    expect: signedIn(503),
    request: () => ({ payload: { prompt: 'Olá' } }),
  },
  {
    method: 'POST',
    url: '/api/ai/chat',
    expect: signedIn(503),
    request: () => ({ payload: { prompt: 'Olá' } }),
  },
);
