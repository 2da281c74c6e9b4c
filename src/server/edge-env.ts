import { z } from 'zod';
import { parseOrigins } from './env.ts';

/**
 * Configuration of the Supabase Edge Function `api` (supabase/functions/api/index.ts), parsed from
 * `Deno.env.toObject()`. Supabase injects SUPABASE_DB_URL into every function; DATABASE_URL, when
 * set as a function secret, wins (e.g. to point at the transaction pooler explicitly).
 * Runtime-neutral: it reads nothing itself, so Node tests can parse the same records.
 */
export const edgeEnvSchema = z
  .object({
    SUPABASE_DB_URL: z.url().optional(),
    DATABASE_URL: z.url().optional(),
    /** Injected by Supabase: the project URL and API keys select Supabase Auth (SupabaseAuthProvider). */
    SUPABASE_URL: z.url().optional(),
    SUPABASE_ANON_KEY: z.string().min(1).optional(),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
    /**
     * HS256 secret: with Supabase Auth, the legacy JWT secret of projects still signing with one;
     * without it, the secret that verifies access tokens. Neither set: every request is anonymous.
     */
    JWT_SECRET: z.string().min(32).optional(),
    /** Public origin used in share links; defaults to the request's own origin. */
    PUBLIC_URL: z.url().optional(),
    /** Per-statement timeout of request transactions, in milliseconds. */
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** Connections per function instance (each instance serves many requests concurrently). */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(20).default(3),
    /** Origins (comma-separated) whose browsers may call the authenticated endpoints — the SPA's origin when it is hosted elsewhere. */
    CORS_ORIGINS: z.string().optional().transform((v, ctx) => parseOrigins(v, ctx)),
    /** Trust X-Forwarded-Proto (HSTS only over https) — Supabase's gateway terminates TLS. */
    TRUST_PROXY: z.stringbool().default(false),
    /** Port for local runs (`deno run`); the hosted Edge runtime chooses its own. */
    PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .refine((env) => env.DATABASE_URL ?? env.SUPABASE_DB_URL, {
    message: 'SUPABASE_DB_URL (injected by Supabase) or DATABASE_URL is required',
    path: ['SUPABASE_DB_URL'],
  })
  .refine((env) => [env.SUPABASE_URL, env.SUPABASE_ANON_KEY, env.SUPABASE_SERVICE_ROLE_KEY].every((v) => v === undefined)
    || Boolean(env.SUPABASE_URL && env.SUPABASE_ANON_KEY && env.SUPABASE_SERVICE_ROLE_KEY), {
    message: 'SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY go together (Supabase injects all three)',
    path: ['SUPABASE_URL'],
  })
  .transform((env) => ({
    databaseUrl: (env.DATABASE_URL ?? env.SUPABASE_DB_URL)!,
    supabase: env.SUPABASE_URL && env.SUPABASE_ANON_KEY && env.SUPABASE_SERVICE_ROLE_KEY
      ? { url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY }
      : undefined,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL,
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
    poolMax: env.DB_POOL_MAX,
    port: env.PORT,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
  }));

export type EdgeEnv = z.output<typeof edgeEnvSchema>;

/** Parses the Edge Function's environment; throws an Error naming every missing or invalid variable. */
export function parseEdgeEnv(source: Record<string, string | undefined>): EdgeEnv {
  const result = edgeEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid Edge Function configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
