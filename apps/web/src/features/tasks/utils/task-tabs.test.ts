import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime } from '@/lib/relative-time';
import { assigneeParam, taskTabParams } from './task-tabs';

// Thursday 26 November 2026, 23:30 in São Paulo: already Friday the 27th in UTC, so a day or week
// computed in UTC instead of the browser's zone would be off by one.
const NOW = new Date('2026-11-27T02:30:00.000Z');

describe('task tabs', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'America/Sao_Paulo');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('asks for today from midnight to midnight in the browser time zone, open tasks only', () => {
    expect(taskTabParams('today', NOW)).toEqual({
      done: false,
      due_after: '2026-11-26T00:00:00-03:00',
      due_before: '2026-11-27T00:00:00-03:00',
    });
  });

  it('asks for this week from Monday midnight to the next Monday, open tasks only', () => {
    expect(taskTabParams('week', NOW)).toEqual({
      done: false,
      due_after: '2026-11-23T00:00:00-03:00',
      due_before: '2026-11-30T00:00:00-03:00',
    });
    // A Sunday evening still belongs to the week that began on the Monday before it.
    expect(taskTabParams('week', new Date('2026-11-29T22:00:00-03:00')).due_after).toBe(
      '2026-11-23T00:00:00-03:00',
    );
  });

  it('leaves "overdue" to the server clock and lists the done ones latest first', () => {
    expect(taskTabParams('overdue', NOW)).toEqual({ overdue: true });
    expect(taskTabParams('done', NOW)).toEqual({ done: true, sort: 'due_at', order: 'desc' });
  });

  it('asks for my tasks, everyone’s, or one person’s', () => {
    expect(assigneeParam('me')).toEqual({ assignee: 'me' });
    expect(assigneeParam('all')).toEqual({});
    expect(assigneeParam('u-1')).toEqual({ assignee: 'u-1' });
  });

  it('says how far the due date is in the user’s language', () => {
    expect(formatRelativeTime('2026-11-27T02:45:00.000Z', NOW.getTime(), 'pt-BR')).toBe('em 15 minutos');
    expect(formatRelativeTime('2026-11-26T23:30:00.000Z', NOW.getTime(), 'pt-BR')).toBe('há 3 horas');
    // 9:00 tomorrow in São Paulo is a calendar day away, not "in 10 hours".
    expect(formatRelativeTime('2026-11-27T12:00:00.000Z', NOW.getTime(), 'pt-BR')).toBe('amanhã');
    expect(formatRelativeTime('2026-11-24T12:00:00.000Z', NOW.getTime(), 'en')).toBe('2 days ago');
  });
});
