import { startGeminiServer, startOpenAiCompatibleServer } from '@funil/test-server';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app';
import { createAiModel } from './provider';

describe('createAiModel', () => {
  it('is null when no provider is configured', () => {
    expect(createAiModel(testConfig().ai)).toBeNull();
  });

  it('asks an OpenAI-compatible endpoint without a key (Ollama) with no Authorization header', async () => {
    const fake = await startOpenAiCompatibleServer();
    try {
      const ai = createAiModel(
        testConfig({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${fake.url}/`, OPENAI_MODEL: 'llama3.1' }).ai,
      );
      expect(ai?.provider).toBe('openai');
      const { text } = await generateText({ model: ai!.model, prompt: 'Oi', maxRetries: 0 });
      expect(text).toBe('Resposta do modelo de teste.');
      expect(fake.requests[0]?.path).toBe('/v1/chat/completions');
      expect(fake.requests[0]?.headers.authorization).toBeUndefined();
      expect(fake.requests[0]?.body).toMatchObject({ model: 'llama3.1' });
    } finally {
      await fake.close();
    }
  });

  it("asks Gemini under GEMINI_BASE_URL's /v1beta with the key in x-goog-api-key", async () => {
    const fake = await startGeminiServer();
    try {
      const ai = createAiModel(
        testConfig({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'k', GEMINI_BASE_URL: `${fake.url}/` }).ai,
      );
      await generateText({ model: ai!.model, prompt: 'Oi', maxRetries: 0 });
      expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
      expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('k');
    } finally {
      await fake.close();
    }
  });
});
