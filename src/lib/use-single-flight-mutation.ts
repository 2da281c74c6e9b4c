import { useMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';

/**
 * `useMutation` that runs one call at a time (docs/decisions/017-single-flight-mutations.md): while a
 * call runs, `mutate` drops another and `mutateAsync` answers the running call's promise. The guard is
 * a ref set synchronously when the call starts, so a second click that lands in the same task — before
 * React re-renders and `isPending` disables the button — is dropped too. Every mutation of the app
 * (admin console, contributions, sign-in and account) goes through it; buttons still bind `disabled`/
 * `loading` to `isPending` so people see the call running.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const { mutateAsync: rawMutateAsync } = mutation;

  const mutateAsync = useCallback((variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
    if (running.current) return running.current;
    const call = rawMutateAsync(variables, callOptions).finally(() => {
      if (running.current === call) running.current = null;
    });
    running.current = call;
    return call;
  }, [rawMutateAsync]);

  const mutate = useCallback((variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
    if (running.current) return;
    // `mutate` never rejects: the error is in the mutation's state and its onError callbacks.
    mutateAsync(variables, callOptions).catch(() => undefined);
  }, [mutateAsync]);

  return useMemo(() => ({ ...mutation, mutate, mutateAsync }), [mutation, mutate, mutateAsync]) as UseMutationResult<TData, TError, TVariables, TContext>;
}
