// The baseline server (the limit Funil is measured against): bare node:http, a pg pool of Funil's
// size (10), Funil's token check; the lead page and a lead's create, update and move answered by
// its own SQL (own-routes.ts: one statement each), the other scenarios by Funil's own statements
// replayed, and Funil's JSON rebuilt, sent with Funil's headers (its security headers, captured
// from its answers, and a request id). No framework, no ORM, no validation beyond what the routes
// need. Started by baseline-process.ts with BASELINE_RECIPES naming the file of recipes
// (capture.ts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { answer, type Route, type RouteContext, routeOf } from './routes';
import type { BaselineRecipes } from './recipes-file';
import { sessionChecker } from './session-check';
import { ownStatements } from './own-routes';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const databaseUrl = env('DATABASE_URL');
const file = JSON.parse(readFileSync(env('BASELINE_RECIPES'), 'utf8')) as BaselineRecipes;
// JIT off, as Funil's pool has it: a statement estimated costly enough (the summary's fresh leads)
// otherwise spends ~70 ms compiling what runs in a few.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
pool.on('error', () => {});
const jwtSecret = env('JWT_SECRET');
const checkSession = await sessionChecker({
  pool,
  databaseUrl,
  jwtSecret,
  cacheSeconds: Number(env('SESSION_CACHE_SECONDS', '30')),
  session: file.session,
});
const context: RouteContext = {
  pool,
  own: await ownStatements(pool),
  jwtKey: new TextEncoder().encode(jwtSecret),
  capturedUserId: file.session.userId,
  capturedUserAgent: file.userAgent,
};
const routes: Route[] = file.recipes.map(({ recipe, authenticated }) => routeOf(recipe, authenticated));

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const server = createServer((request, response) => {
  const send = (status: number, body: string, etag?: string) => {
    response.writeHead(status, {
      ...file.answerHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': randomUUID(),
      ...(etag ? { etag } : {}),
    });
    response.end(body);
  };
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  if (url === '/api/health') return send(200, '{"status":"ok"}');
  void (async () => {
    let pathId: string | undefined;
    const route = routes.find((candidate) => {
      const matched = candidate.matches(method, url);
      if (matched === false) return false;
      pathId = matched;
      return true;
    });
    if (!route) return send(404, '{"message":"no such route in the baseline"}');
    const body = await readBody(request);
    const user = route.authenticated ? await checkSession(request.headers.authorization) : null;
    if (route.authenticated && !user) return send(401, '{"message":"session expired"}');
    const result = await answer(context, route, pathId, {
      method,
      url,
      body,
      ifMatch: request.headers['if-match'],
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? '',
      ip: request.socket.remoteAddress ?? '',
      user,
    });
    send(result.status, result.body, result.etag);
  })().catch((error: unknown) => {
    send(500, JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
  });
});

server.listen(Number(env('PORT')), env('HOST', '127.0.0.1'));
const close = () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', close).on('SIGINT', close);
