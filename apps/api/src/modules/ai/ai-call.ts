import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AiModel } from '../../lib/ai/provider';
import { providerErrorDetails } from '../../lib/ai/provider-error';

/** How long a provider has to finish its answer. */
export const AI_TIMEOUT_MS = 60_000;

/** Why a call was cut short, if it was. */
export type AiCallEnd = 'timeout' | 'client_closed';

/**
 * One provider call on behalf of a request: `signal` aborts it after `timeoutMs` or when the client
 * hangs up (the reply's socket closes before the answer is complete), so the provider stops
 * working for nobody. `failure(error)` logs what went wrong (provider, status, a truncated body)
 * and gives the 502 to answer, which never carries the provider's text.
 */
export function startAiCall(
  reply: FastifyReply,
  options: { ai: AiModel; log: FastifyBaseLogger; timeoutMs: number },
) {
  const controller = new AbortController();
  let ended: AiCallEnd | null = null;
  const end = (reason: AiCallEnd) => {
    if (controller.signal.aborted) return;
    ended = reason;
    controller.abort(new Error(`AI call ended: ${reason}`));
  };
  const timer = setTimeout(() => end('timeout'), options.timeoutMs);
  timer.unref();
  const onClose = () => {
    clearTimeout(timer);
    if (!reply.raw.writableFinished) end('client_closed');
  };
  if (reply.raw.destroyed) onClose();
  else reply.raw.once('close', onClose);

  return {
    signal: controller.signal,
    /** Why the call was aborted, or null while it was not. */
    ended: (): AiCallEnd | null => ended,
    /** Logs a failed call; the answer to give for it. */
    failure: (error: unknown): AppError => {
      const fields = { provider: options.ai.provider, ...(ended ? { ended } : providerErrorDetails(error)) };
      if (ended === 'client_closed') options.log.info(fields, 'AI call abandoned: the client hung up');
      else options.log.error(fields, 'AI provider call failed');
      return new AppError(502, 'errors:ai.failed');
    },
    /** Stops the timer (the answer is complete). */
    done: () => clearTimeout(timer),
  };
}

export type AiCall = ReturnType<typeof startAiCall>;
