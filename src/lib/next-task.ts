/**
 * Resolves in a new task (a `setTimeout(0)`: after whatever is already queued, a paint included), so that a long
 * piece of start-up work ends where it is awaited (decisions 071, 072).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
