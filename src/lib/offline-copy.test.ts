import { describe, expect, it } from 'vitest';
import { getOfflineCopyState, reportAnswerSource, subscribeOfflineCopy } from './offline-copy.ts';

describe('offline copy state (decision 047)', () => {
  it('keeps the oldest copied answer, and clears with a fresh one', () => {
    let calls = 0;
    const stop = subscribeOfflineCopy(() => calls++);
    expect(getOfflineCopyState()).toEqual({ at: null, page: false });
    reportAnswerSource('2026-03-01T10:00:00.000Z');
    reportAnswerSource('2026-03-01T11:00:00.000Z');
    expect(getOfflineCopyState().at?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(getOfflineCopyState().page).toBe(false);
    reportAnswerSource('not a date');
    expect(getOfflineCopyState().at).toBeNull();
    reportAnswerSource(null);
    expect(getOfflineCopyState().at).toBeNull();
    expect(calls).toBe(2);
    stop();
  });
});
