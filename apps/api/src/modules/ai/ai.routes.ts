import {
  AI_DEFAULT_MAX_TOKENS,
  AI_DEFAULT_TEMPERATURE,
  aiChatBodySchema,
  aiGenerateBodySchema,
  aiGenerateResponseSchema,
  aiStatusSchema,
  errorResponseSchema,
} from '@funil/shared';
import { createUIMessageStreamResponse } from 'ai';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createAiModel } from '../../lib/ai/provider';
import { systemInstruction } from '../../lib/ai/system-instruction';
import { sharedRateLimit } from '../../plugins/rate-limit';
import { AI_TIMEOUT_MS, startAiCall } from './ai-call';
import { groundingFor } from './ai-grounding';
import { generateAnswer, streamAnswer } from './ai.service';

/**
 * Sends a web Response (status, headers, streamed body) through fastify, so the onSend hooks, the
 * security headers and the request's log line apply as to any answer. The AI SDK's
 * `Connection: keep-alive` is dropped: it would override the `Connection: close` of a server that
 * is shutting down (plugins/graceful-close.ts), and node manages the connection anyway. The
 * untyped reply: the route's typed one accepts only its JSON schemas' shapes.
 */
const sendResponse = (reply: FastifyReply, response: Response) => {
  response.headers.delete('connection');
  return reply.send(response);
};

export type AiRoutesOptions = {
  /** How long the provider has to answer; default 60 s (tests shorten it). */
  timeoutMs?: number;
  /** How long the CNPJ mirror has to answer the grounding's lookup; default 10 s (tests shorten it). */
  lookupTimeoutMs?: number;
};

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Both questions count against one limit of 10 a minute per user, whichever route asks. */
const AI_LIMIT = { group: 'ai', max: 10, windowMs: 60_000 };

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * What the assistant's routes share: the model (null when unconfigured), the shared limit and the
 * preparation of a question.
 */
function assistantOf(app: RouteApp, options: AiRoutesOptions) {
  const ai = createAiModel(app.config.ai);
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const limit = sharedRateLimit(app, AI_LIMIT);

  /** The model, the call (started now) and the grounded system instruction; 503 when unconfigured. */
  const prepare = async (
    request: FastifyRequest,
    reply: FastifyReply,
    question: { prompt: string; leadId?: string | undefined },
  ) => {
    if (!ai) throw new AppError(503, 'errors:ai.not_configured');
    // Started before the lookup, so a client hanging up during it, or the call's time running out,
    // ends the lookup too: the whole answer stays within the call's time.
    const call = startAiCall(reply, { ai, log: request.log, timeoutMs });
    const registry = await groundingFor(
      {
        db: app.db,
        mirrorUrl: app.config.cnpjLookupUrl,
        log: request.log,
        timeoutMs: options.lookupTimeoutMs,
        signal: call.signal,
      },
      question,
    );
    return { ai, call, registry, system: systemInstruction(request.language, registry) };
  };
  return { ai, limit, prepare };
}

/**
 * The AI assistant (docs/api.md, AI assistant) under /api/openai: `GET /status` and
 * `POST /gemini` (the answer as JSON).
 */
export const openaiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, options) => {
  const { ai, limit, prepare } = assistantOf(app, options);

  app.get(
    '/status',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getAiStatus',
        tags: ['ai'],
        summary: 'Whether the AI assistant is configured, and with which provider',
        response: { 200: aiStatusSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ enabled: ai !== null, provider: ai?.provider ?? null }),
  );

  app.post(
    '/gemini',
    {
      config: { access: 'authenticated' },
      onRequest: limit,
      schema: {
        operationId: 'askAssistant',
        tags: ['ai'],
        summary: "The assistant's answer to a prompt, grounded on the registry when it names a CNPJ",
        body: aiGenerateBodySchema,
        response: { 200: aiGenerateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { prompt, temperature, maxTokens } = request.body;
      const { ai, call, system } = await prepare(request, reply, { prompt });
      return { response: await generateAnswer(ai, call, { system, prompt, temperature, maxTokens }) };
    },
  );
};

/**
 * The AI assistant's chat under /api/ai: `POST /chat`, the answer as the AI SDK's UI message
 * stream.
 */
export const aiChatRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, options) => {
  const { limit, prepare } = assistantOf(app, options);

  app.post(
    '/chat',
    {
      config: { access: 'authenticated' },
      onRequest: limit,
      schema: {
        operationId: 'chatWithAssistant',
        tags: ['ai'],
        summary:
          "The assistant's answer as the AI SDK's UI message stream (text/event-stream): a data-registry part when a CNPJ is in play, then the text as it is written",
        body: aiChatBodySchema,
        response: {
          200: z.string().describe('text/event-stream: the AI SDK UI message stream'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { prompt, lead_id: leadId } = request.body;
      const { ai, call, registry, system } = await prepare(request, reply, { prompt, leadId });
      const stream = await streamAnswer(ai, call, {
        system,
        prompt,
        temperature: AI_DEFAULT_TEMPERATURE,
        maxTokens: AI_DEFAULT_MAX_TOKENS,
        registry,
        failedText: request.t('errors:ai.failed'),
      });
      return sendResponse(reply, createUIMessageStreamResponse({ stream }));
    },
  );
};
