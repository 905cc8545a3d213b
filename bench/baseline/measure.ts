// One scenario under load: autocannon on loopback with the bench's connections and seconds.
import autocannon from 'autocannon';
import { benchSettings } from '../support/settings';
import { BENCH_USER_AGENT } from './capture';
import type { Scenario } from './scenarios';

export type Measure = { rps: number; p50: number; p99: number; errors: number };

export async function measure(
  baseUrl: string,
  scenario: Scenario,
  token: string,
  connections = benchSettings.connections,
  seconds = benchSettings.seconds,
): Promise<Measure> {
  const result = await autocannon({
    url: baseUrl + scenario.path,
    method: scenario.method,
    body: scenario.body,
    ...(scenario.back
      ? { requests: [scenario.body, scenario.back].map((body) => ({ method: scenario.method, body })) }
      : {}),
    connections,
    duration: seconds,
    headers: {
      'user-agent': BENCH_USER_AGENT,
      ...(scenario.authenticated ? { authorization: `Bearer ${token}` } : {}),
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Timeouts and refused connections, and every answer that is not 2xx.
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
