import { z } from 'zod';

/**
 * Server configuration, parsed once at start-up from an environment record (process.env on Node,
 * Deno.env.toObject() on the Edge Function). The app itself never reads the environment.
 */
export const serverEnvSchema = z.object({
  /** Postgres connection string; unset on the embedded stack, which starts its own server. */
  DATABASE_URL: z.url().optional(),
  /** HTTP port of the embedded server. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Postgres port of the embedded database. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Folder holding the embedded database and uploads. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Public origin used in share links; defaults to the request's own origin. */
  PUBLIC_URL: z.url().optional(),
  /** Secret for HS256 access tokens on the embedded stack (generated and stored when unset). */
  JWT_SECRET: z.string().min(32).optional(),
  /** Per-statement timeout of request transactions, in milliseconds. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** Parses the environment; throws an Error naming every missing or invalid variable. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
