import type { AiChatBody, AiRegistry, AiStatus } from '@funil/shared';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { AiChatBody, AiRegistry, AiStatus };

export const aiKeys = {
  all: ['api', 'ai'] as const,
  status: () => [...aiKeys.all, 'status'] as const,
};

/** The streamed chat (docs/api.md, AI assistant); its transport is `api/ai-chat.ts`, loaded with the sheet. */
export const AI_CHAT_PATH = '/api/ai/chat';

/** Whether the assistant is configured, so the edit screen can disable its button. */
export function getAiStatus(signal?: AbortSignal) {
  return http.get<AiStatus>('/api/openai/status', { signal });
}

export const aiStatusQueryOptions = () =>
  queryOptions({
    queryKey: aiKeys.status(),
    queryFn: ({ signal }) => getAiStatus(signal),
    // Configuration changes with a restart, not while a user works.
    staleTime: 5 * 60 * 1000,
  });
