import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest unit that fits', () => {
    expect(formatRelativeTime(ago(20), NOW, 'pt-BR')).toBe('agora');
    expect(formatRelativeTime(ago(5 * 60), NOW, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelativeTime(ago(3 * 3600), NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), NOW, 'es')).toBe('ayer');
  });

  it('reads a moment a little ahead of the clock as now', () => {
    expect(formatRelativeTime(ago(-30), NOW, 'en')).toBe('now');
  });
});
