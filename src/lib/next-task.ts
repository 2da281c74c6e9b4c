/**
 * Resolves in a new task (a `setTimeout(0)`: after anything already queued, a paint included). Long work split at
 * `await nextTask()` lets the browser paint and answer input between its parts (decisions 037, 071, 073).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
