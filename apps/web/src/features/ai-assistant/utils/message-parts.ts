import { AI_REGISTRY_PART, type AiRegistry } from '@funil/shared';

/** The parts of a chat message this sheet reads (the AI SDK's UIMessage parts, loosely typed). */
type Part = { type: string; text?: unknown; data?: unknown };
type MessageLike = { parts: readonly Part[] };

const REGISTRY_PART_TYPE = `data-${AI_REGISTRY_PART}`;

/** Every text part of a message, joined: what the answer says so far. */
export function messageText(message: MessageLike): string {
  return message.parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

/** The registry record the server sent with the answer, if any (the data part is validated on arrival). */
export function messageRegistry(message: MessageLike): AiRegistry | undefined {
  const part = message.parts.find((candidate) => candidate.type === REGISTRY_PART_TYPE);
  return part?.data as AiRegistry | undefined;
}

export type Turn<M> = { question: M; answer?: M };

/** Pairs each question with the answer that followed it (none yet, or none because it failed). */
export function toTurns<M extends { role: string }>(messages: readonly M[]): Turn<M>[] {
  const turns: Turn<M>[] = [];
  for (const message of messages) {
    const current = turns.at(-1);
    if (message.role === 'user') turns.push({ question: message });
    else if (message.role === 'assistant' && current && !current.answer) current.answer = message;
  }
  return turns;
}
