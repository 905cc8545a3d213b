import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

// Noon in São Paulo (15:00 UTC) on Monday 2 March 2026; local times below are the machine's.
const NOW = new Date(2026, 2, 2, 12, 0, 0).getTime();
const at = (minutesFromNow: number) => NOW + minutesFromNow * 60_000;

describe('formatRelativeTime', () => {
  it('says "now" within a minute, either way', () => {
    expect(formatRelativeTime(at(-0.3), NOW, 'pt-BR')).toBe('agora');
    expect(formatRelativeTime(at(0.5), NOW, 'en')).toBe('now');
  });

  it('counts whole minutes, then hours on the same day, ahead and behind', () => {
    expect(formatRelativeTime(at(-5), NOW, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelativeTime(at(-5.9), NOW, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelativeTime(at(15), NOW, 'pt-BR')).toBe('em 15 minutos');
    expect(formatRelativeTime(at(-180), NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(at(5 * 60), NOW, 'es')).toBe('dentro de 5 horas');
  });

  it('counts calendar days past midnight, not hours', () => {
    // 21:00 tomorrow is a day away at noon; so is 9:00 tomorrow, not "in 21 hours".
    expect(formatRelativeTime(new Date(2026, 2, 3, 9, 0).getTime(), NOW, 'pt-BR')).toBe('amanhã');
    expect(formatRelativeTime(new Date(2026, 2, 1, 23, 0).getTime(), NOW, 'es')).toBe('ayer');
    expect(formatRelativeTime(new Date(2026, 1, 28, 12, 0).getTime(), NOW, 'en')).toBe('2 days ago');
  });

  it('moves on to weeks, months and years', () => {
    expect(formatRelativeTime(at(-15 * 24 * 60), NOW, 'en')).toBe('2 weeks ago');
    expect(formatRelativeTime(at(-65 * 24 * 60), NOW, 'en')).toBe('2 months ago');
    expect(formatRelativeTime(at(800 * 24 * 60), NOW, 'en')).toBe('in 2 years');
  });

  it('reads a past moment a little ahead of the clock as now', () => {
    expect(formatRelativeTime(at(3), NOW, 'en', { past: true })).toBe('now');
    expect(formatRelativeTime(at(3), NOW, 'en')).toBe('in 3 minutes');
  });

  it('takes an ISO string, a Date or milliseconds alike', () => {
    const iso = new Date(at(-5)).toISOString();
    expect(formatRelativeTime(iso, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(iso), NOW, 'en')).toBe('5 minutes ago');
  });
});
