// What Funil sends to PostgreSQL for one request of each scenario, captured on the wire
// (support/sql-capture.ts), with the answer it gave: the baseline replays the one and must give
// the other byte for byte.
import type { CapturedStatement } from '../support/sql-capture';
import { startSqlCapture } from '../support/sql-capture';
import { signInBench } from '../support/bench-account';
import { startBenchServer } from '../support/bench-server';
import { type BaselineRecipes, policyHeaders } from './recipes-file';
import type { Scenario } from './scenarios';

/** Every benchmark request says who it is the same way (a session row keeps the user-agent). */
export const BENCH_USER_AGENT = 'funil-bench';

export type Recipe = {
  key: string;
  method: string;
  path: string;
  body?: string;
  statements: CapturedStatement[];
  status: number;
  /** Funil's answer to the captured request. */
  answer: string;
  /** When it was captured (epoch ms): timestamps among the parameters move by the time since. */
  capturedAt: number;
};

export async function sendScenario(
  baseUrl: string,
  scenario: Scenario,
  token: string,
  body = scenario.body,
): Promise<Response> {
  return fetch(baseUrl + scenario.path, {
    method: scenario.method,
    headers: {
      'user-agent': BENCH_USER_AGENT,
      ...(scenario.authenticated ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
}

/**
 * A Funil server (session cache on) behind the capture: each scenario is sent twice, and the
 * second request's statements are kept — the first one has put the token in the session cache,
 * so what remains is the route's own SQL; the session check is taken from the first request of
 * the first scenario (the baseline runs it when its own cache misses or is off).
 */
export async function captureRecipes(
  databaseUrl: string,
  env: Record<string, string>,
  scenarios: Scenario[],
): Promise<BaselineRecipes> {
  const capture = await startSqlCapture(databaseUrl);
  const server = await startBenchServer(capture.databaseUrl, { ...env, SESSION_CACHE_SECONDS: '300' });
  try {
    const { token } = await signInBench(server.baseUrl);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
      sub: string;
    };
    const sessionCheckedAt = Date.now();
    const firstStatement = capture.statements.length;
    const recipes: Recipe[] = [];
    let answerHeaders: Record<string, string> = {};
    for (const scenario of scenarios) {
      await (await sendScenario(server.baseUrl, scenario, token)).text();
      const before = capture.statements.length;
      const capturedAt = Date.now();
      const response = await sendScenario(server.baseUrl, scenario, token);
      const answer = await response.text();
      if (scenario.back) await (await sendScenario(server.baseUrl, scenario, token, scenario.back)).text();
      if (!response.ok) throw new Error(`${scenario.method} ${scenario.path}: ${response.status} ${answer}`);
      answerHeaders = policyHeaders(response.headers);
      recipes.push({
        key: scenario.key,
        method: scenario.method,
        path: scenario.path,
        body: scenario.body,
        statements: capture.statements.slice(before),
        status: response.status,
        answer,
        capturedAt,
      });
    }
    const statement = capture.statements
      .slice(firstStatement)
      .find((candidate) => candidate.text.includes('from "sessions" inner join "users"'));
    if (!statement) throw new Error('the session check was not captured');
    return {
      session: { statement, capturedAt: sessionCheckedAt, sessionId: claims.sid, userId: claims.sub },
      userAgent: BENCH_USER_AGENT,
      answerHeaders,
      recipes: recipes.map((recipe, index) => ({
        recipe,
        authenticated: scenarios[index]?.authenticated ?? true,
      })),
    };
  } finally {
    await server.stop();
    await capture.close();
  }
}
