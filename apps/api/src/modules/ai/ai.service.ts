import { AI_REGISTRY_PART, type AiRegistry } from '@funil/shared';
import { generateText, streamText, type UIMessageChunk } from 'ai';
import type { AiModel } from '../../lib/ai/provider';
import type { AiCall } from './ai-call';

/** One question to the model: the system instruction, the user's prompt, the sampling settings. */
export type AiQuestion = {
  system: string;
  prompt: string;
  temperature?: number;
  maxTokens?: number;
};

// Our own timeout and the client's disconnect bound a call; a retry would double the provider's
// bill and the user's wait, and a failure is answered at once instead.
const settings = (ai: AiModel, call: AiCall, question: AiQuestion) => ({
  model: ai.model,
  system: question.system,
  prompt: question.prompt,
  temperature: question.temperature,
  maxOutputTokens: question.maxTokens,
  abortSignal: call.signal,
  maxRetries: 0,
});

/** The model's whole answer ("" when it gave none). A failure or the timeout: 502 (AppError). */
export async function generateAnswer(ai: AiModel, call: AiCall, question: AiQuestion): Promise<string> {
  try {
    const { text } = await generateText(settings(ai, call, question));
    return text;
  } catch (error) {
    throw call.failure(error);
  } finally {
    call.done();
  }
}

/**
 * The answer as the AI SDK's UI message stream: the `data-registry` part first when a CNPJ was in
 * play, then the provider's text as it arrives (start, text-start, text-delta..., text-end,
 * finish). Resolves once the provider has started answering: a failure or the timeout before
 * that is a 502 (AppError), so the route can still answer JSON. A failure after that ends the
 * stream with an `error` part whose text is `failedText` (never the provider's).
 */
export async function streamAnswer(
  ai: AiModel,
  call: AiCall,
  question: AiQuestion & { registry: AiRegistry | null; failedText: string },
): Promise<ReadableStream<UIMessageChunk>> {
  let failure: unknown = null;
  const result = streamText({
    ...settings(ai, call, question),
    onError: ({ error }) => {
      failure = error;
    },
  });
  const reader = result
    .toUIMessageStream({ onError: () => question.failedText, sendReasoning: false, sendSources: false })
    .getReader();

  // A broken provider stream makes the read fail rather than give an error part: the same to us.
  const next = (): Promise<{ done: boolean; value?: UIMessageChunk }> =>
    reader.read().catch((error: unknown) => {
      failure ??= error;
      return { done: false, value: { type: 'error', errorText: question.failedText } };
    });

  // Hold the parts until the first text (or the end): until then a failure can still be a 502.
  const head: UIMessageChunk[] = [];
  for (;;) {
    const { done, value } = await next();
    if (done || !value) break;
    if (value.type === 'error' || value.type === 'abort') {
      await reader.cancel().catch(() => {});
      throw call.failure(failure);
    }
    head.push(value);
    if (value.type === 'text-delta' || value.type === 'finish') break;
  }

  let reported = false;
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      if (question.registry)
        controller.enqueue({ type: `data-${AI_REGISTRY_PART}`, data: question.registry });
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await next();
      if (done || !value) {
        controller.close();
        return;
      }
      // A failure mid-stream (the provider's stream broke, the timeout): logged once, and the
      // client gets our message as the stream's error part.
      if (value.type === 'error' || value.type === 'abort') {
        if (!reported) call.failure(failure);
        reported = true;
        if (call.ended() !== 'client_closed') {
          controller.enqueue({ type: 'error', errorText: question.failedText });
        }
        controller.close();
        await reader.cancel().catch(() => {});
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
