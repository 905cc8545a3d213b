import { describe, expect, it } from 'vitest';
import { messageRegistry, messageText, toTurns } from './message-parts';

describe('message parts', () => {
  it('joins the text parts and finds the registry part', () => {
    const registry = { status: 'not_found', cnpj: '11222333000181' };
    const message = {
      parts: [
        { type: 'data-registry', data: registry },
        { type: 'text', text: 'Olá, ' },
        { type: 'step-start' },
        { type: 'text', text: 'mundo' },
      ],
    };
    expect(messageText(message)).toBe('Olá, mundo');
    expect(messageRegistry(message)).toEqual(registry);
    expect(messageRegistry({ parts: [] })).toBeUndefined();
  });

  it('pairs each question with its answer', () => {
    const q1 = { id: 'q1', role: 'user' };
    const q2 = { id: 'q2', role: 'user' };
    const a2 = { id: 'a2', role: 'assistant' };
    expect(toTurns([q1, q2, a2])).toEqual([{ question: q1 }, { question: q2, answer: a2 }]);
  });
});
