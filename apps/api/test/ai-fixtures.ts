import type { AiProvider } from '@funil/shared';
import {
  type FakeAiRequest,
  type FakeAiServer,
  startGeminiServer,
  startOpenAiCompatibleServer,
} from '@funil/test-server';
import type { UIMessageChunk } from 'ai';
import type { Env } from '../src/config';

/** What a provider received, read the same way whatever its protocol. */
export type ProviderCall = {
  model: string | undefined;
  system: string | undefined;
  prompt: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  /** The key as sent: x-goog-api-key for Gemini, the Authorization header for OpenAI. */
  key: string | string[] | undefined;
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type ProviderSetup = {
  provider: AiProvider;
  start: () => Promise<FakeAiServer>;
  /** The app's environment for this provider at `url`. */
  env: (url: string) => Env;
  /** The header value the provider must receive for the key. */
  expectedKey: string;
  read: (request: FakeAiRequest) => ProviderCall;
};

export const GEMINI_KEY = 'chave-gemini-de-teste';
export const OPENAI_KEY = 'chave-openai-de-teste';

/** Both providers, each against its fake server, for `describe.each`. */
export const PROVIDER_SETUPS: ProviderSetup[] = [
  {
    provider: 'gemini',
    start: () => startGeminiServer(),
    env: (url) => ({
      AI_PROVIDER: 'gemini',
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_MODEL: 'gemini-de-teste',
      GEMINI_BASE_URL: url,
    }),
    expectedKey: GEMINI_KEY,
    read: (request) => {
      const body = request.body as Json;
      return {
        model: /\/models\/([^:]+):/.exec(request.path)?.[1],
        system: body.systemInstruction?.parts?.map((part: Json) => part.text).join(''),
        prompt: body.contents?.[0]?.parts?.map((part: Json) => part.text).join(''),
        temperature: body.generationConfig?.temperature,
        maxTokens: body.generationConfig?.maxOutputTokens,
        key: request.headers['x-goog-api-key'],
      };
    },
  },
  {
    provider: 'openai',
    start: () => startOpenAiCompatibleServer(),
    env: (url) => ({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_MODEL: 'modelo-de-teste',
      OPENAI_BASE_URL: url,
    }),
    expectedKey: `Bearer ${OPENAI_KEY}`,
    read: (request) => {
      const body = request.body as Json;
      const messages = (body.messages ?? []) as Json[];
      const text = (role: string) => {
        const content = messages.find((message) => message.role === role)?.content;
        return typeof content === 'string' ? content : content?.map((part: Json) => part.text).join('');
      };
      return {
        model: body.model,
        system: text('system'),
        prompt: text('user'),
        temperature: body.temperature,
        maxTokens: body.max_tokens,
        key: request.headers.authorization,
      };
    },
  },
];

/** The chunks of a UI message stream body (`data: {...}` lines; `[DONE]` left out). */
export function uiChunks(body: string): UIMessageChunk[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as UIMessageChunk);
}

/** The text the stream's text-delta parts add up to. */
export const streamedText = (chunks: UIMessageChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');
