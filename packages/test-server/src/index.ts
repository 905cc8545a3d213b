export { findFreePort, findFreePortSync } from './free-port';
export { funilServerEnv, type FunilServerSettings } from './server-env';
export { stopServer, waitForHealth } from './health';
export { brasilApiRecord, type MirrorBehaviour, startCnpjMirror } from './cnpj-mirror';
export {
  DEFAULT_FAKE_AI_TEXT,
  type FakeAiReply,
  type FakeAiRequest,
  type FakeAiServer,
} from './fake-ai/fake-ai-server';
export { connectFakeAiServer } from './fake-ai/fake-ai-control';
export { startGeminiServer } from './fake-ai/gemini-server';
export { startOpenAiCompatibleServer } from './fake-ai/openai-compatible-server';
export { EventStreamClient, type ReceivedEvent } from './event-stream-client';
export { adminQuery, createDatabase, dropDatabase, withDatabase } from './postgres-admin';
