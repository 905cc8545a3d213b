// The scenarios the baseline comparison drives (the API's routes under load), built from a real
// lead of the bench database so that every id, catalogue item and search term exists.
import type { BenchSession } from '../support/bench-account';
import { BENCH_ACCOUNT } from '../support/bench-account';

export type Scenario = {
  key: string;
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
  /**
   * A second body that undoes the first (a status move and the move back): under load each
   * connection sends the two in turn, and the byte check undoes Funil's write before the
   * baseline makes the same one.
   */
  back?: string;
  /** Sends the bench account's token (every scenario but login). */
  authenticated: boolean;
  /** A list, board or summary route: its p99 is compared between database sizes. */
  followsPage: boolean;
};

/** The assessment the created leads carry, so a run can delete what it added. */
export const CREATED_MARK = 'bench baseline: created lead';

type LeadSample = {
  id: string;
  brand_id: { id: string; name: string };
  vertical: { id: string };
  quota: { id: string };
  platform: { id: string };
  executive: { id: string } | null;
  franchises: string[];
};

/** The newest lead (of a status, if given), whose relations the scenarios reuse. */
async function sampleLead(baseUrl: string, token: string, status?: string): Promise<LeadSample> {
  const filter = status ? `&contract_status=${status}` : '';
  const response = await fetch(`${baseUrl}/api/leads?limit=1${filter}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`sample lead: ${response.status}`);
  const [lead] = ((await response.json()) as { data: LeadSample[] }).data;
  if (!lead) throw new Error('the bench database has no lead: run npm run bench:generate -w bench');
  return lead;
}

/**
 * A status move and the move back (frio ⇄ morno: statuses that hold no quota of the prospectus,
 * so no move is refused), on the newest lead in frio.
 */
async function moveScenario(baseUrl: string, token: string): Promise<Scenario> {
  const moved = await sampleLead(baseUrl, token, 'frio');
  return {
    key: 'move',
    name: 'move a lead (frio ⇄ morno)',
    method: 'PATCH',
    path: `/api/leads/${moved.id}`,
    body: JSON.stringify({ contract_status: 'morno' }),
    back: JSON.stringify({ contract_status: 'frio' }),
    authenticated: true,
    followsPage: false,
  };
}

/** The scenarios; `withMove` adds the status move (which writes history entries to put back). */
export async function baselineScenarios(
  baseUrl: string,
  session: BenchSession,
  { withMove = false } = {},
): Promise<Scenario[]> {
  const lead = await sampleLead(baseUrl, session.token);
  const move = withMove ? [await moveScenario(baseUrl, session.token)] : [];
  const vertical = lead.vertical.id;
  // A word of the brand's name ("Café da Terra 1" → "Terra"): matches many brands, as a user types it.
  const search = encodeURIComponent(lead.brand_id.name.split(' ').at(-2) ?? lead.brand_id.name);
  const create = {
    brand_id: lead.brand_id.id,
    assessment: CREATED_MARK,
    vertical,
    quota: lead.quota.id,
    platform: lead.platform.id,
    prospectus_year: 2027,
    contract_status: 'frio',
    executive: lead.executive?.id ?? null,
    franchises: lead.franchises,
    credit: 1000,
    invest: 500,
  };
  const get = (key: string, name: string, path: string, followsPage = false): Scenario => ({
    key,
    name,
    method: 'GET',
    path,
    authenticated: true,
    followsPage,
  });
  return [
    get('lead', 'lead by id', `/api/leads/${lead.id}`),
    get('page', 'page of 50 leads', '/api/leads?limit=50', true),
    get(
      'column',
      'board column (frio, 2027, vertical)',
      `/api/leads?contract_status=frio&prospectus_year=2027&vertical=${vertical}&limit=50`,
      true,
    ),
    get(
      'summary',
      'summary (2027, vertical)',
      `/api/leads/summary?prospectus_year=2027&vertical=${vertical}`,
      true,
    ),
    get(
      'brands',
      `brand search "${decodeURIComponent(search)}"`,
      `/api/brands?search=${search}&limit=20`,
      true,
    ),
    {
      key: 'create',
      name: 'create a lead',
      method: 'POST',
      path: '/api/leads',
      body: JSON.stringify(create),
      authenticated: true,
      followsPage: false,
    },
    {
      key: 'update',
      name: 'update a lead',
      method: 'PATCH',
      path: `/api/leads/${lead.id}`,
      body: JSON.stringify({ credit: 4321.5, invest: 1234.25 }),
      authenticated: true,
      followsPage: false,
    },
    ...move,
    {
      key: 'login',
      name: 'login (argon2)',
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
      authenticated: false,
      followsPage: false,
    },
  ];
}
