// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSystem } from './system.ts';
import { Toaster, toaster } from './toaster.tsx';

/** Advances the fake clock by `ms` in steps, so that animation frames and the timers they start all run. */
async function wait(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) await act(async () => { await vi.advanceTimersByTimeAsync(100); });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date', 'queueMicrotask'] });
  render(<ChakraProvider value={getSystem()}><Toaster /></ChakraProvider>);
});
afterEach(() => {
  act(() => { toaster.remove(); });
  cleanup();
  vi.useRealTimers();
});

describe('toaster: one toast per action, each message shown its full time', () => {
  it('shows a toast for 5 s, then takes it away', async () => {
    act(() => { toaster.create({ id: 'place', type: 'success', title: 'Place created' }); });
    await wait(4_000);
    expect(screen.getByText('Place created')).toBeTruthy();
    await wait(3_000);
    expect(screen.queryByText('Place created')).toBeNull();
  });

  it('a toast replacing one of the same id (a create, then an edit saved 4 s later) is shown 5 s from its own start', async () => {
    act(() => { toaster.create({ id: 'place', type: 'success', title: 'Place created' }); });
    await wait(4_000);
    act(() => { toaster.create({ id: 'place', type: 'success', title: 'Place updated' }); });
    await wait(1_500);
    // the first toast's 5 s are over and it has left; the second has 3.5 s to go
    expect(screen.queryByText('Place created')).toBeNull();
    expect(screen.getByText('Place updated')).toBeTruthy();
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    await wait(5_000);
    expect(screen.queryByText('Place updated')).toBeNull();
  });

  it('a replacement arriving while the first toast leaves is shown its full time', async () => {
    act(() => { toaster.create({ id: 'place', type: 'success', title: 'Place created' }); });
    await wait(5_050);
    act(() => { toaster.create({ id: 'place', type: 'success', title: 'Place updated' }); });
    await wait(3_000);
    expect(screen.getByText('Place updated')).toBeTruthy();
  });
});
