import {
  type FakeAiProtocol,
  type FakeAiReply,
  type FakeAiServer,
  startFakeAiServer,
} from './fake-ai-server';

const usage = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

const candidate = (text: string, finished: boolean) => ({
  content: { role: 'model', parts: [{ text }] },
  ...(finished ? { finishReason: 'STOP' } : {}),
  index: 0,
});

/** Google's Generative Language API (v1beta): generateContent and streamGenerateContent?alt=sse. */
const geminiProtocol: FakeAiProtocol = {
  streams: (path) => {
    const match = /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)(\?.*)?$/.exec(path);
    if (!match) return null;
    return match[1] === 'streamGenerateContent';
  },
  answer: (text) => ({ candidates: [candidate(text, true)], usageMetadata: usage }),
  events: (pieces) => {
    const texts = pieces.length > 0 ? pieces : [''];
    return texts.map((text, index) => {
      const last = index === texts.length - 1;
      return { candidates: [candidate(text, last)], ...(last ? { usageMetadata: usage } : {}) };
    });
  },
  trailer: [],
};

/**
 * A local Gemini: configure `GEMINI_BASE_URL` with `url` (the client adds `/v1beta`). Records
 * each request (path with the model, headers with `x-goog-api-key`, the JSON body with
 * `contents`, `systemInstruction` and `generationConfig`) and answers as told (FakeAiReply).
 */
export function startGeminiServer(options: { reply?: FakeAiReply } = {}): Promise<FakeAiServer> {
  return startFakeAiServer(geminiProtocol, '', options.reply);
}
