import { z } from 'zod';
import { AI_PROVIDERS } from '../constants';
import { idSchema } from './common';
import { companyRecordSchema } from './companies';

export const AI_PROMPT_MAX_LENGTH = 8000;
export const AI_MAX_TOKENS_LIMIT = 4000;
export const AI_DEFAULT_TEMPERATURE = 0.7;
export const AI_DEFAULT_MAX_TOKENS = 2000;

const PROMPT_KEY = 'validation:ai.prompt_length';

/** 1 to 8,000 characters, and not only blanks (the chat sheet never sends those). */
export const aiPromptSchema = z
  .string(PROMPT_KEY)
  .max(AI_PROMPT_MAX_LENGTH, PROMPT_KEY)
  .refine((prompt) => prompt.trim().length > 0, PROMPT_KEY);

/** `POST /api/openai/gemini`: one question, one JSON answer (`POST /api/ai/chat` streams). */
export const aiGenerateBodySchema = z.object({
  prompt: aiPromptSchema,
  temperature: z
    .number('validation:ai.temperature_range')
    .min(0, 'validation:ai.temperature_range')
    .max(2, 'validation:ai.temperature_range')
    .default(AI_DEFAULT_TEMPERATURE),
  maxTokens: z
    .number('validation:ai.max_tokens_range')
    .int('validation:ai.max_tokens_range')
    .min(1, 'validation:ai.max_tokens_range')
    .max(AI_MAX_TOKENS_LIMIT, 'validation:ai.max_tokens_range')
    .default(AI_DEFAULT_MAX_TOKENS),
});
export type AiGenerateBody = z.infer<typeof aiGenerateBodySchema>;
export const aiGenerateResponseSchema = z.object({ response: z.string() });

/**
 * `POST /api/ai/chat`: the chat sheet's question; with `lead_id` the answer is grounded on that
 * lead's brand CNPJ even when the prompt names none. Answers the AI SDK's UI message stream.
 */
export const aiChatBodySchema = z.object({
  prompt: aiPromptSchema,
  lead_id: idSchema.optional(),
});
export type AiChatBody = z.infer<typeof aiChatBodySchema>;

/** `GET /api/openai/status`. */
export const aiStatusSchema = z.object({
  enabled: z.boolean(),
  provider: z.enum(AI_PROVIDERS).nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/**
 * What the registry lookup gave the model, sent to the web as the stream's `data-registry` part
 * (before any text) whenever a CNPJ was in play, so the sheet can show "Fonte: Receita Federal"
 * whatever the model wrote:
 * - `found`: `record` is the Receita Federal registration the model was given;
 * - `not_found`: the CNPJ is not registered;
 * - `unavailable`: lookups are off or the mirror failed (the model was told it could not be read).
 */
export const aiRegistrySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), cnpj: z.string(), record: companyRecordSchema }),
  z.object({ status: z.literal('not_found'), cnpj: z.string() }),
  z.object({ status: z.literal('unavailable'), cnpj: z.string() }),
]);
export type AiRegistry = z.infer<typeof aiRegistrySchema>;

/** The name of the registry's data part in the UI message stream (`data-registry`). */
export const AI_REGISTRY_PART = 'registry';
