import type { RequestLogger } from './request-log.ts';

/** An error as logged: type, message, SQLSTATE/error code and stack — never its other properties (SQL parameters…). */
function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  return { type: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
}

/**
 * A dependency-free JSON logger with pino's line shape (`level` 30/40/50, `time`, fields, `msg`),
 * for the Edge Function, where Supabase collects stdout/stderr. The request logs carry no secrets
 * by construction (src/server/http/request-log.ts); `err` is reduced to type, message, code, stack.
 */
export function jsonConsoleLogger(base: Record<string, unknown> = { service: 'dalil-api' }): RequestLogger {
  const write = (level: number, obj: object, msg?: string) => {
    const { err, ...rest } = obj as { err?: unknown };
    const line = JSON.stringify({ level, time: Date.now(), ...base, ...rest, ...(err === undefined ? {} : { err: serializeError(err) }), msg });
    if (level >= 50) console.error(line);
    else console.log(line);
  };
  return {
    info: (obj, msg) => write(30, obj, msg),
    warn: (obj, msg) => write(40, obj, msg),
    error: (obj, msg) => write(50, obj, msg),
  };
}
