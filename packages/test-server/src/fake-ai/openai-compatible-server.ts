import {
  type FakeAiProtocol,
  type FakeAiReply,
  type FakeAiServer,
  startFakeAiServer,
} from './fake-ai-server';

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
const meta = (object: string) => ({
  id: 'chatcmpl-fake',
  object,
  created: 1_767_225_600,
  model: 'fake-model',
});

/** OpenAI's Chat Completions, as OpenAI, Ollama, vLLM, LM Studio... serve it. */
const openAiProtocol: FakeAiProtocol = {
  streams: (path, body) => {
    if (path.split('?')[0] !== '/v1/chat/completions') return null;
    return (body as { stream?: unknown } | undefined)?.stream === true;
  },
  answer: (text) => ({
    ...meta('chat.completion'),
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage,
  }),
  events: (pieces) => [
    ...pieces.map((content, index) => ({
      ...meta('chat.completion.chunk'),
      choices: [
        { index: 0, delta: index === 0 ? { role: 'assistant', content } : { content }, finish_reason: null },
      ],
    })),
    { ...meta('chat.completion.chunk'), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage },
  ],
  trailer: ['[DONE]'],
};

/**
 * A local OpenAI-compatible endpoint: configure `OPENAI_BASE_URL` with `url` (it ends in `/v1`).
 * Serves `POST /v1/chat/completions`, streamed (SSE `data:` chunks, then `data: [DONE]`) when the
 * body says `stream: true`. Records each request (headers with `authorization`, the JSON body
 * with `model`, `messages`, `temperature`, `max_tokens`) and answers as told (FakeAiReply).
 */
export function startOpenAiCompatibleServer(options: { reply?: FakeAiReply } = {}): Promise<FakeAiServer> {
  return startFakeAiServer(openAiProtocol, '/v1', options.reply);
}
