import { z } from 'zod';
import { parseOrigins, SMTP_ENV } from './env.ts';

/**
 * The address at which `supabase start` (Supabase CLI) gives functions the API gateway:
 * `SUPABASE_URL=http://kong:8000`, reachable only inside its Docker network. Its Auth signs tokens
 * with the PUBLIC API URL as `iss` (`http://127.0.0.1:54321/auth/v1` by default), which the function
 * cannot derive from this address: AUTH_JWT_ISSUER must then name it (supabase/config.toml
 * `[edge_runtime.secrets]` does). Source: supabase/cli, `functions serve` and `start` (2.117.0).
 */
export const SUPABASE_CLI_INTERNAL_URL = 'http://kong:8000';

/** A JSON object of named keys (`{"default":"sb_publishable_…"}`), as Supabase injects SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS. */
const namedKeys = z.string().optional().transform((v, ctx) => {
  if (v === undefined || v.trim() === '') return undefined;
  try {
    const parsed = z.record(z.string(), z.string().min(1)).parse(JSON.parse(v));
    return parsed.default ?? Object.values(parsed)[0];
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of named keys, e.g. {"default":"sb_…"}' });
    return z.NEVER;
  }
});

/** A JSON Web Key Set (`{"keys":[…]}` or `[…]`), as Supabase injects SUPABASE_JWKS. */
const jwkSet = z.string().optional().transform((v, ctx) => {
  if (v === undefined || v.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    const keys = z.array(z.looseObject({ kty: z.string() })).parse(Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys);
    return { keys };
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set ({"keys":[…]})' });
    return z.NEVER;
  }
});

/**
 * The public URL of the project's API gateway, which callers reach the function through
 * (`<it>/functions/v1/api/…`): the origin of the first issuer of the form `<gateway>/auth/v1`
 * (AUTH_JWT_ISSUER: under `supabase start` it names the public URL, http://127.0.0.1:54321,
 * while SUPABASE_URL is the CLI's internal http://kong:8000), else SUPABASE_URL (hosted:
 * https://<ref>.supabase.co). No trailing slash.
 */
function publicApiOrigin(supabaseUrl: string, issuers: readonly string[]): string {
  const gateway = issuers.map((i) => /^(https?:\/\/[^/]+(?:\/[^?#]*?)?)\/auth\/v1\/?$/.exec(i)?.[1]).find(Boolean);
  return (gateway ?? supabaseUrl).replace(/\/+$/, '');
}

/**
 * Configuration of the Supabase Edge Function `api` (supabase/functions/api/index.ts), parsed from
 * `Deno.env.toObject()`. Supabase injects SUPABASE_URL, SUPABASE_DB_URL, SUPABASE_JWKS, the legacy
 * keys SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY and the newer SUPABASE_PUBLISHABLE_KEYS /
 * SUPABASE_SECRET_KEYS (hosted and `supabase start` alike); the operator sets the rest with
 * `supabase secrets set` (names may not start with `SUPABASE_`). README "Deploy to Supabase" lists
 * every variable. Runtime-neutral: it reads nothing itself, so Node tests can parse the same records.
 */
const edgeEnvObject = z
  .object({
    SUPABASE_DB_URL: z.url().optional(),
    DATABASE_URL: z.url().optional(),
    /** Injected by Supabase: the project URL and API keys select Supabase Auth (SupabaseAuthProvider). */
    SUPABASE_URL: z.url().optional(),
    /** Legacy API keys (injected); when absent, the default of the newer key maps below is used. */
    SUPABASE_ANON_KEY: z.string().min(1).optional(),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
    SUPABASE_PUBLISHABLE_KEYS: namedKeys,
    SUPABASE_SECRET_KEYS: namedKeys,
    /** The project's public signing keys (injected; the same set Auth serves at /auth/v1/.well-known/jwks.json). */
    SUPABASE_JWKS: jwkSet,
    /**
     * Operator: the `iss` of the project's access tokens when it is not SUPABASE_URL + `/auth/v1`
     * (comma-separated to accept several). Required under `supabase start`, where SUPABASE_URL is the
     * CLI's internal gateway while Auth issues tokens for the public API URL.
     */
    AUTH_JWT_ISSUER: z.string().optional().transform((v, ctx) => {
      const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const item of list) if (!z.url().safeParse(item).success) ctx.addIssue({ code: 'custom', message: `${item} is not a URL` });
      return list;
    }),
    /**
     * Operator: HS256 secret. With Supabase Auth, the legacy JWT secret of projects still signing with
     * one (Dashboard → JWT Keys → Legacy JWT Secret; `supabase start` needs none: its SUPABASE_JWKS
     * carries it); without Supabase Auth, the secret that verifies access tokens. Neither: anonymous only.
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
    /**
     * Operator: SMTP server of the decision mails (the same names as on Node). Unset: no decision
     * mail is sent. Hosted Edge Functions cannot reach ports 25 and 587: use 465 (SMTP_SECURE=true) or 2525.
     */
    ...SMTP_ENV,
    /** Port for local runs (`deno run`); the hosted Edge runtime chooses its own. */
    PORT: z.coerce.number().int().min(1).max(65535).optional(),
  });

/** Every variable the Edge Function reads (README "Edge Function environment (Supabase)" lists each). */
export const EDGE_ENV_VARIABLES: readonly string[] = Object.keys(edgeEnvObject.shape);

export const edgeEnvSchema = edgeEnvObject
  .refine((env) => env.DATABASE_URL ?? env.SUPABASE_DB_URL, {
    message: 'SUPABASE_DB_URL (injected by Supabase) or DATABASE_URL is required',
    path: ['SUPABASE_DB_URL'],
  })
  .superRefine((env, ctx) => {
    const anon = env.SUPABASE_ANON_KEY ?? env.SUPABASE_PUBLISHABLE_KEYS;
    const service = env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_SECRET_KEYS;
    if (!env.SUPABASE_URL && !anon && !service) return;
    const need = (ok: unknown, path: string, message: string) => { if (!ok) ctx.addIssue({ code: 'custom', path: [path], message }); };
    const together = 'go together with SUPABASE_URL (Supabase injects them)';
    need(env.SUPABASE_URL, 'SUPABASE_URL', `is required with the API keys: the keys ${together}`);
    need(anon, 'SUPABASE_ANON_KEY', `(or SUPABASE_PUBLISHABLE_KEYS) is missing: the keys ${together}`);
    need(service, 'SUPABASE_SERVICE_ROLE_KEY', `(or SUPABASE_SECRET_KEYS) is missing: the keys ${together}`);
    if (env.SUPABASE_URL?.replace(/\/+$/, '') === SUPABASE_CLI_INTERNAL_URL) {
      need(env.AUTH_JWT_ISSUER.length > 0, 'AUTH_JWT_ISSUER',
        `is required under \`supabase start\` (SUPABASE_URL is the CLI's internal ${SUPABASE_CLI_INTERNAL_URL}; Auth's tokens name the public API URL, e.g. http://127.0.0.1:54321/auth/v1): set it in supabase/config.toml [edge_runtime.secrets]`);
    }
  })
  .transform((env) => ({
    databaseUrl: (env.DATABASE_URL ?? env.SUPABASE_DB_URL)!,
    apiServerUrl: env.SUPABASE_URL ? `${publicApiOrigin(env.SUPABASE_URL, env.AUTH_JWT_ISSUER)}/functions/v1` : undefined,
    supabase: env.SUPABASE_URL
      ? {
          url: env.SUPABASE_URL,
          anonKey: (env.SUPABASE_ANON_KEY ?? env.SUPABASE_PUBLISHABLE_KEYS)!,
          serviceRoleKey: (env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_SECRET_KEYS)!,
          /** Accepted `iss` values: the operator's, else the project URL's Auth. */
          issuers: env.AUTH_JWT_ISSUER.length > 0 ? env.AUTH_JWT_ISSUER : [`${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`],
          jwks: env.SUPABASE_JWKS,
        }
      : undefined,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL,
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
    poolMax: env.DB_POOL_MAX,
    port: env.PORT,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    smtp: env.SMTP_HOST
      ? { host: env.SMTP_HOST, port: env.SMTP_PORT ?? (env.SMTP_SECURE ? 465 : 2525), from: env.SMTP_FROM, user: env.SMTP_USER, pass: env.SMTP_PASS, secure: env.SMTP_SECURE }
      : undefined,
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
