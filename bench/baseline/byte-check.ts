// The same request to Funil and to the baseline, one after the other: are the answers the same
// bytes, with the same policy headers (security headers, a request id)? Created ids, timestamps
// and tokens differ by nature; for the scenarios that make them (create, update, move, login)
// they are masked before comparing, and the verdict says so.
import { sendScenario } from './capture';
import { policyHeaders } from './recipes-file';
import type { Scenario } from './scenarios';

const mask = (text: string) =>
  text
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, 'JWT')
    .replace(/"(createdAt|updatedAt|status_changed_at|id|_id)":"[^"]+"/g, '"$1":…');

export type ByteCheck = { scenario: string; equal: boolean; verdict: string };

export async function compareAnswers(
  funilUrl: string,
  baselineUrl: string,
  scenario: Scenario,
  token: string,
): Promise<ByteCheck> {
  const funil = await sendScenario(funilUrl, scenario, token);
  const funilBody = await funil.text();
  // A write with a way back is undone on Funil first, so the baseline makes the very same write.
  const undo = async (url: string) => {
    if (scenario.back) await (await sendScenario(url, scenario, token, scenario.back)).text();
  };
  await undo(funilUrl);
  const baseline = await sendScenario(baselineUrl, scenario, token);
  const baselineBody = await baseline.text();
  await undo(baselineUrl);
  const sizes = `${Buffer.byteLength(funilBody)} / ${Buffer.byteLength(baselineBody)} bytes`;
  if (funil.status !== baseline.status) {
    return {
      scenario: scenario.name,
      equal: false,
      verdict: `DIFFERENT status ${funil.status} / ${baseline.status}: ${baselineBody.slice(0, 200)}`,
    };
  }
  // The headers' names and values, but those of the answer itself (size, date, version, request id).
  const headersOf = (response: Response) =>
    `${JSON.stringify(policyHeaders(response.headers))}${response.headers.has('x-request-id') ? ' + request id' : ''}`;
  if (headersOf(funil) !== headersOf(baseline)) {
    return {
      scenario: scenario.name,
      equal: false,
      verdict: `DIFFERENT headers: ${headersOf(funil)} / ${headersOf(baseline)}`,
    };
  }
  if (funilBody === baselineBody)
    return { scenario: scenario.name, equal: true, verdict: `equal (${sizes})` };
  const varies = ['create', 'update', 'move', 'login'].includes(scenario.key);
  if (varies && mask(funilBody) === mask(baselineBody)) {
    return { scenario: scenario.name, equal: true, verdict: `equal but ids/times/token (${sizes})` };
  }
  const at = [...funilBody].findIndex((char, index) => baselineBody[index] !== char);
  return {
    scenario: scenario.name,
    equal: false,
    verdict: `DIFFERENT (${sizes}) from char ${at}: ${JSON.stringify(funilBody.slice(at, at + 60))} vs ${JSON.stringify(baselineBody.slice(at, at + 60))}`,
  };
}
