// The file the harness writes and the baseline server reads: Funil's statements per scenario and
// its session check, as captured, with what varies between the captured request and a live one.
import { writeFileSync } from 'node:fs';
import type { Recipe } from './capture';
import type { SessionStatement } from './session-check';

export type BaselineRecipes = {
  session: SessionStatement;
  /** The user-agent the captured requests sent (a session row keeps it). */
  userAgent: string;
  recipes: { recipe: Recipe; authenticated: boolean }[];
  /**
   * The headers every Funil answer carries whatever the request (the security headers), as
   * captured: the baseline sends them too, so both put the same answer on the wire.
   */
  answerHeaders: Record<string, string>;
};

/**
 * Headers an answer has of its own (its size, type, version, date, request id, connection) rather
 * than from the server's policy.
 */
const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-type',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

/** A response's headers that are the same on every answer (the server's policy). */
export const policyHeaders = (headers: Headers): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)));

export function writeRecipes(path: string, recipes: BaselineRecipes): void {
  writeFileSync(path, `${JSON.stringify(recipes, null, 1)}\n`);
}
