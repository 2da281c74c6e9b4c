// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  toaster.remove();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (node: ReactNode) => act(() => root.render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>));
const button = () => container.querySelector('button')!;
/** Two clicks in one task: React has not re-rendered in between, so `disabled={isPending}` is still false. */
const doubleClick = () => act(async () => {
  button().click();
  button().click();
});
const click = () => act(async () => button().click());
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

/** A call the test finishes by hand. */
function deferredCalls() {
  const calls: { vars: number; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const fn = (vars: number) => new Promise<string>((resolve, reject) => calls.push({ vars, resolve, reject }));
  return { calls, fn };
}

function AdminButton({ fn, toastId }: { fn: (n: number) => Promise<string>; toastId?: string }) {
  const m = useAdminMutation({ mutationFn: fn, successKey: 'ok', errorKey: 'failed', invalidate: [], publicResources: [], toastId });
  return <button type="button" disabled={m.isPending} onClick={() => m.mutate(1)}>Delete</button>;
}

describe('useSingleFlightMutation', () => {
  it('drops a second mutate that lands before React re-renders; mutateAsync answers the running call', async () => {
    const { calls, fn } = deferredCalls();
    const seen: Promise<string>[] = [];
    function Probe() {
      const m = useSingleFlightMutation({ mutationFn: fn });
      return <button type="button" disabled={m.isPending} onClick={() => { m.mutate(1); seen.push(m.mutateAsync(2)); }}>Go</button>;
    }
    render(<Probe />);
    await doubleClick();
    expect(calls.map((c) => c.vars)).toEqual([1]);
    await settle();
    expect(button().disabled).toBe(true);
    calls[0].resolve('done');
    await settle();
    await expect(Promise.all(seen)).resolves.toEqual(['done', 'done']);
    expect(button().disabled).toBe(false);
    // Once settled, the next click runs again.
    await click();
    expect(calls).toHaveLength(2);
  });
});

describe('useAdminMutation', () => {
  it('a double click calls the server once and shows one toast', async () => {
    const { calls, fn } = deferredCalls();
    render(<AdminButton fn={fn} />);
    await doubleClick();
    expect(calls).toHaveLength(1);
    calls[0].resolve('x');
    await settle();
    expect(toaster.getVisibleToasts().map((t) => t.type)).toEqual(['success']);
  });

  it('a new outcome of the same action replaces its toast: a repeated failure shows one, a success closes the stale error', async () => {
    const { calls, fn } = deferredCalls();
    render(<AdminButton fn={fn} />);
    for (let i = 0; i < 2; i++) {
      await click();
      calls[i].reject(new ApiError(409, 'conflict', 'Still in use'));
      await settle();
    }
    expect(toaster.getVisibleToasts().map((t) => [t.type, t.description ?? undefined])).toEqual([['error', 'Still in use']]);
    await click();
    calls[2].resolve('x');
    await settle();
    expect(toaster.getVisibleToasts().map((t) => [t.type, t.description ?? undefined])).toEqual([['success', undefined]]);
  });
});
