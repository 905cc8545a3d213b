import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiProvider, Config } from '../../config';

/** The configured model and the provider's name (for the logs and the status route). */
export type AiModel = { provider: AiProvider; model: LanguageModel };

/**
 * The language model AI_PROVIDER names, or null when no provider is configured.
 * - gemini: Google's Generative Language API at GEMINI_BASE_URL/v1beta, the key in x-goog-api-key;
 * - openai: any OpenAI-compatible Chat Completions endpoint at OPENAI_BASE_URL (OpenAI, Ollama,
 *   vLLM...); the key, when there is one, as `Authorization: Bearer`.
 */
export function createAiModel(ai: Config['ai']): AiModel | null {
  switch (ai.provider) {
    case 'gemini': {
      const google = createGoogleGenerativeAI({
        apiKey: ai.gemini.apiKey,
        baseURL: `${ai.gemini.baseUrl.replace(/\/+$/, '')}/v1beta`,
      });
      return { provider: 'gemini', model: google(ai.gemini.model) };
    }
    case 'openai': {
      const openai = createOpenAICompatible({
        name: 'openai',
        baseURL: ai.openai.baseUrl.replace(/\/+$/, ''),
        ...(ai.openai.apiKey ? { apiKey: ai.openai.apiKey } : {}),
      });
      return { provider: 'openai', model: openai.chatModel(ai.openai.model) };
    }
    case null:
      return null;
  }
}
