import { AI_REGISTRY_PART, type AiChatBody, type AiRegistry, aiRegistrySchema } from '@funil/shared';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { openStream } from '@/lib/http';
import { AI_CHAT_PATH } from './ai';

/** The chat's messages: text, and the registry record the server looked up (`data-registry`). */
export type AssistantMessage = UIMessage<never, { [AI_REGISTRY_PART]: AiRegistry }>;

/** Validates the `data-registry` part as it arrives. */
export const assistantDataPartSchemas = { [AI_REGISTRY_PART]: aiRegistrySchema };

/** The request's body, passed by `sendMessage(message, { body })`. */
export type AssistantRequestBody = AiChatBody;

/**
 * `POST /api/ai/chat` for `useChat`: the body is `{prompt, lead_id?}` (not the SDK's message
 * list; one question per session), and the call goes through `lib/http`, so it carries the token
 * and the language like every other call and a refusal before the stream is an `HttpError` with
 * the server's message.
 */
export function createAssistantTransport() {
  return new DefaultChatTransport<AssistantMessage>({
    api: AI_CHAT_PATH,
    prepareSendMessagesRequest: ({ body }) => {
      const { prompt, lead_id } = (body ?? {}) as Partial<AssistantRequestBody>;
      return { body: { prompt, lead_id } };
    },
    fetch: (input, init) =>
      openStream(String(input), typeof init?.body === 'string' ? init.body : '{}', {
        signal: init?.signal ?? undefined,
      }),
  });
}
