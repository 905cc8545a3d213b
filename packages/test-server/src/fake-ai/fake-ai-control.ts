import type { ServerResponse } from 'node:http';
import type { FakeAiReply, FakeAiRequest } from './fake-ai-server';

/** Where a fake AI provider takes orders over HTTP (never recorded as a provider request). */
export const FAKE_AI_CONTROL_PATH = '/__fake-ai';

/** What a test can tell a fake AI provider, in its process or, over HTTP, from another one. */
export type FakeAiControl = {
  respondWith: (reply: FakeAiReply) => void;
  next: (...replies: FakeAiReply[]) => void;
  reset: () => void;
  requests: () => FakeAiRequest[];
};

/**
 * Serves the control routes, for a test in another process than the fake (Playwright's workers,
 * when the fake runs in the config's process): `POST /__fake-ai/respond-with` (a FakeAiReply),
 * `POST /__fake-ai/next` (an array of them), `POST /__fake-ai/reset`, `GET /__fake-ai/requests`.
 */
export function serveControl(
  control: FakeAiControl,
  request: { method: string | undefined; path: string; body: unknown },
  response: ServerResponse,
): void {
  const action = `${request.method ?? 'GET'} ${request.path.slice(FAKE_AI_CONTROL_PATH.length)}`;
  const json = (status: number, value: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  switch (action) {
    case 'POST /respond-with':
      control.respondWith(request.body as FakeAiReply);
      return json(200, { ok: true });
    case 'POST /next':
      control.next(...(request.body as FakeAiReply[]));
      return json(200, { ok: true });
    case 'POST /reset':
      control.reset();
      return json(200, { ok: true });
    case 'GET /requests':
      return json(200, control.requests());
    default:
      return json(404, { error: `unknown control ${action}` });
  }
}

/**
 * The control of a fake AI provider running in another process, by its `origin`
 * (`http://127.0.0.1:<port>`, the `origin` that startGeminiServer / startOpenAiCompatibleServer
 * return): the same orders as the in-process object, asynchronous.
 */
export function connectFakeAiServer(origin: string) {
  const call = async (method: 'GET' | 'POST', action: string, body?: unknown) => {
    const response = await fetch(`${origin}${FAKE_AI_CONTROL_PATH}/${action}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`fake AI control ${action}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return {
    respondWith: async (reply: FakeAiReply) => void (await call('POST', 'respond-with', reply)),
    next: async (...replies: FakeAiReply[]) => void (await call('POST', 'next', replies)),
    reset: async () => void (await call('POST', 'reset')),
    requests: async () => (await call('GET', 'requests')) as FakeAiRequest[],
  };
}
