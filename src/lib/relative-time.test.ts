import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

describe('formatRelativeTime (the offline copy notice)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('says how long ago in English', () => {
    expect(formatRelativeTime(ago(0), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(30), 'en', now)).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(14 * 86_400), 'en', now)).toBe('2 weeks ago');
  });

  it('says it in Arabic with Western digits', () => {
    expect(formatRelativeTime(ago(0), 'ar', now)).toBe('الآن');
    expect(formatRelativeTime(ago(5 * 60), 'ar', now)).toBe('قبل 5 دقائق');
    expect(formatRelativeTime(ago(86_400), 'ar', now)).toBe('أمس');
    expect(formatRelativeTime(ago(3 * 3600), 'ar', now)).toMatch(/^قبل 3 ساعات$/);
  });
});
