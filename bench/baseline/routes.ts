// What the baseline answers: one route per captured scenario, matched on method and path (an id
// at the end of the path may vary), each answered by the baseline's own SQL (own-routes.ts) or by
// replaying its recipe, and building Funil's answer.
import { verify } from '@node-rs/argon2';
import { SignJWT } from 'jose';
import type pg from 'pg';
import type { Recipe } from './capture';
import { brandPageOf, leadOf, leadPageOf, type Row, summaryOf, userOf } from './answers';
import { replay, Substitution } from './replay';
import type { CheckedUser } from './session-check';
import { ownAnswer, type OwnStatements } from './own-routes';

export type RouteRequest = {
  method: string;
  url: string;
  body: string;
  ifMatch: string | undefined;
  userAgent: string;
  ip: string;
  user: CheckedUser | null;
};
export type RouteAnswer = { status: number; body: string; etag?: string };

export type RouteContext = {
  pool: pg.Pool;
  /** The scenarios answered by the baseline's own SQL. */
  own: OwnStatements;
  jwtKey: Uint8Array;
  /** The captured request's user and user-agent, to be replaced by this request's. */
  capturedUserId: string;
  capturedUserAgent: string;
};

const UUID_AT_END = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Route = {
  recipe: Recipe;
  /** The path's varying id when the captured path ends with one. */
  matches: (method: string, url: string) => string | undefined | false;
  authenticated: boolean;
};

export function routeOf(recipe: Recipe, authenticated: boolean): Route {
  const idAtEnd = UUID_AT_END.exec(recipe.path)?.[0];
  const prefix = idAtEnd ? recipe.path.slice(0, -idAtEnd.length) : recipe.path;
  return {
    recipe,
    authenticated,
    matches: (method, url) => {
      if (method !== recipe.method) return false;
      if (!idAtEnd) return url === recipe.path ? undefined : false;
      const id = UUID_AT_END.exec(url)?.[0];
      return id && url.slice(0, -id.length) === prefix ? id.slice(1) : false;
    },
  };
}

/** A list's two results, the count's (one column) first, whichever finished first. */
const countThenPage = (results: Row[][]): [Row[], Row[]] => {
  const [first = [], second = []] = results;
  return (first[0]?.length ?? 0) > 1 ? [second, first] : [first, second];
};

const limitOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('limit') ?? 20);
const json = (status: number, value: unknown): RouteAnswer => ({ status, body: JSON.stringify(value) });

/** Maps the captured body's top-level values to this request's (an email, a number…). */
function mapBody(substitution: Substitution, captured: string | undefined, live: string): void {
  if (!captured) return;
  const before = JSON.parse(captured) as Record<string, unknown>;
  const after = JSON.parse(live) as Record<string, unknown>;
  for (const [key, value] of Object.entries(before)) {
    const next = after[key];
    if (typeof value !== 'object' && typeof next !== 'object' && value !== next) {
      substitution.values.set(String(value), String(next));
    }
  }
}

export async function answer(
  context: RouteContext,
  route: Route,
  pathId: string | undefined,
  request: RouteRequest,
): Promise<RouteAnswer> {
  const { recipe } = route;
  const own = await ownAnswer(context.own, recipe.key, pathId, {
    ...request,
    userId: request.user?.id ?? '',
  });
  if (own) return own;
  const substitution = new Substitution(recipe.capturedAt);
  const capturedId = UUID_AT_END.exec(recipe.path)?.[0].slice(1);
  if (capturedId && pathId) substitution.values.set(capturedId, pathId);
  if (request.user) substitution.values.set(context.capturedUserId, request.user.id);
  substitution.values.set(context.capturedUserAgent, request.userAgent);
  mapBody(substitution, recipe.body, request.body || '{}');
  const capturedNewId =
    recipe.key === 'create' ? (JSON.parse(recipe.answer) as { id: string }).id : undefined;
  let credentials: Row | undefined;

  const results = await replay(context.pool, recipe.statements, substitution, async (index, rows) => {
    const text = recipe.statements[index]?.text ?? '';
    if (capturedNewId && text.startsWith('insert into "leads"')) {
      substitution.values.set(capturedNewId, rows[0]?.[0] as string);
    }
    if (recipe.key === 'login' && text.includes('"password_hash" from "users"')) {
      credentials = rows[0];
      const { password } = JSON.parse(request.body) as { password: string };
      const hash = credentials?.[9] as string | undefined;
      if (!hash || !(await verify(hash, password))) throw new Error('invalid credentials');
    }
  });
  const last = (offset: number) => results[results.length - offset] ?? [];
  /**
   * The lead a write reads back: the last statement that reads a page of leads (the write's
   * transaction also runs set_config, a locked read for If-Match and the outbox insert, so its
   * position among the statements is not fixed).
   */
  const leadReadBack = () => {
    const index = recipe.statements.findLastIndex(
      (statement) => statement.text.startsWith('select') && statement.text.includes(') "page"'),
    );
    return index < 0 ? undefined : results[index]?.[0];
  };

  switch (recipe.key) {
    case 'lead': {
      const row = results[0]?.[0];
      return row ? json(200, leadOf(row)) : json(404, { message: 'not found' });
    }
    case 'page':
    case 'column': {
      // The count and the page run side by side: the count is the one-column result.
      const [count, page] = countThenPage(results);
      return json(200, leadPageOf(count, page, limitOf(request.url)));
    }
    case 'summary': {
      // The settings, the running totals and the fresh leads' totals (the last two side by side).
      const rowsOf = (matches: (text: string) => boolean) =>
        results[recipe.statements.findIndex((statement) => matches(statement.text))] ?? [];
      return json(
        200,
        summaryOf(
          rowsOf((text) => text.includes('from "pipeline_statuses"') && !text.includes('join lateral')),
          rowsOf((text) => text.includes('from "lead_totals"')),
          // The fresh leads per status: a LATERAL subquery per settings row (by index range or by day).
          rowsOf((text) => text.includes('from "pipeline_statuses"') && text.includes('join lateral')),
        ),
      );
    }
    case 'brands': {
      const [count, page] = countThenPage(results);
      return json(200, brandPageOf(count, page, limitOf(request.url)));
    }
    case 'create':
    case 'update': {
      const row = leadReadBack();
      if (!row) throw new Error(`${recipe.key}: no lead read back`);
      return json(recipe.status, leadOf(row));
    }
    case 'login': {
      const session = last(1)[0];
      if (!credentials || !session) throw new Error('login: no session');
      const token = await new SignJWT({ sid: session[0] as string })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(credentials[0] as string)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.parse(session[1] as string) / 1000))
        .sign(context.jwtKey);
      return json(200, { access_token: token, user: userOf(credentials) });
    }
    default:
      throw new Error(`no answer for recipe ${recipe.key}`);
  }
}
