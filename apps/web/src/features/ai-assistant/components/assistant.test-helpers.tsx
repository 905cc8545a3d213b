import { type AiRegistry, aiRegistrySchema } from '@funil/shared';
import { TooltipProvider } from '@/components/ui/tooltip';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiCompanyRecord, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { AssistantButton } from './assistant-button';

export const LEAD_ID = '00000000-0000-4000-8000-000000000042';
export const BRAND = { name: 'Café Serra Azul', cnpj: '11222333000181' };
export const CHAT = 'POST /api/ai/chat';
export const ENABLED = { 'GET /api/openai/status': { body: { enabled: true, provider: 'gemini' } } };

/** A registry record as the server sends it in the `data-registry` part. */
export const FOUND: AiRegistry = aiRegistrySchema.parse({
  status: 'found',
  cnpj: '11222333000181',
  record: apiCompanyRecord({
    cnpj: '11222333000181',
    razao_social: 'CAFE SERRA AZUL LTDA',
    nome_fantasia: 'Café Serra Azul',
    capital_social: 1500000,
    endereco: { ...apiCompanyRecord().endereco, municipio: 'Belo Horizonte', uf: 'MG' },
    socios: [],
    consultado_em: '2026-04-20T15:00:00.000Z',
  }),
});

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'x-vercel-ai-ui-message-stream': 'v1',
};

const sseEvent = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;

/** The UI message stream parts of an answer: the registry (if any), then the text in pieces. */
export function answerChunks(text: string[], registry?: AiRegistry): unknown[] {
  return [
    { type: 'start' },
    ...(registry ? [{ type: 'data-registry', data: registry }] : []),
    ...(text.length ? [{ type: 'text-start', id: 't' }] : []),
    ...text.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    ...(text.length ? [{ type: 'text-end', id: 't' }] : []),
    { type: 'finish' },
  ];
}

/** A finished SSE answer (the AI SDK's UI message stream protocol). */
export function sseResponse(chunks: unknown[]): Response {
  return new Response(chunks.map(sseEvent).join('') + 'data: [DONE]\n\n', { headers: SSE_HEADERS });
}

/** An answer the test writes part by part, to see the sheet while it streams. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
  });
  return {
    response: () => new Response(body, { headers: SSE_HEADERS }),
    push: (chunk: unknown) => controller.enqueue(encoder.encode(sseEvent(chunk))),
    close: () => {
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  };
}

/** A signed-in user on the edit screen's assistant button, the API answering `routes`. */
export function renderAssistant(
  routes: Record<string, StubRoute>,
  brand: { name: string; cnpj: string } = BRAND,
) {
  localStorage.setItem(STORAGE_KEYS.token, 'token-123');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(apiUser()));
  const api = stubApi({ 'GET /api/auth/me': { body: apiUser() }, ...routes });
  const result = renderWithProviders(
    <TooltipProvider>
      <AssistantButton leadId={LEAD_ID} brand={brand} />
    </TooltipProvider>,
  );
  return { api, ...result };
}
