import { z } from 'zod';

/**
 * The SMTP settings (SMTP_HOST, SMTP_PORT, SMTP_FROM, SMTP_USER, SMTP_PASS, SMTP_SECURE: implicit TLS on
 * port 465, otherwise STARTTLS when offered), the same names and rules on Node and on the Edge Function (edge-env.ts).
 */
export const SMTP_ENV = {
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_FROM: z.string().min(3).default('Dalil <no-reply@dalil.local>'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z.stringbool().default(false),
};

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

  // ---- accounts and mail (docs/auth.md) ----
  /** Supabase mode: all three set → SupabaseAuthProvider; none set → LocalAuthProvider. */
  SUPABASE_URL: z.url().optional(),
  SUPABASE_ANON_KEY: z.string().min(20).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20).optional(),
  /** Legacy projects that still sign access tokens with a shared HS256 secret (JWKS otherwise). */
  SUPABASE_JWT_SECRET: z.string().min(32).optional(),
  /** bcrypt cost of the local provider (10 = GoTrue's default). */
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(10),
  /** SMTP server of the local provider's mails; unset while MAIL_DEV is on: the dev mailbox. */
  ...SMTP_ENV,
  /** Start a local dev mailbox (maildev) with `npm start` and send mail to it (unless SMTP_HOST is set). */
  MAIL_DEV: z.stringbool().default(true),
  MAILDEV_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
  /** First-start admin of `npm start` (generated and printed when unset). */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).max(72).optional(),
  /**
   * Behind a reverse proxy: take the client IP (rate limits) from X-Forwarded-For, and the scheme
   * from X-Forwarded-Proto (HSTS is sent only when the request came over https).
   */
  TRUST_PROXY: z.stringbool().default(false),

  // ---- HTTP hygiene (docs/api.md) ----
  /**
   * Origins (comma-separated, e.g. `https://app.example,https://admin.example`) allowed to call the
   * authenticated endpoints from a browser. Unset: same origin only. Public GETs are open to any origin.
   */
  CORS_ORIGINS: z.string().optional().transform((v, ctx) => parseOrigins(v, ctx)),
  /** Minimum level of the JSON request/error logs (pino levels). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Multiplies every per-IP auth rate limit (sign-in, codes, mails, refresh: DEFAULT_AUTH_RATE_LIMITS) — for
   * many people behind one address (an office or campus NAT), or a test run whose every user comes from
   * 127.0.0.1. Per-address limits (e-mail) stay as they are.
   */
  AUTH_IP_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /** On SIGTERM/SIGINT: how long in-flight requests may still run before connections are cut, in ms. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),

  // ---- server rendering of the public pages (docs/decisions/019-server-rendering.md) ----
  /** Render the public pages on the server (needs the server bundle of `npm run build`); false: the client-rendered shell. */
  SSR: z.stringbool().default(true),
  /**
   * Server renders running at once (decision 061): a render is CPU work on the one event loop, so a few at once (one
   * waits for Postgres while another computes) and the others wait in arrival order, instead of all sharing the CPU.
   */
  SSR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Threads the server renders on (decision 066): the main thread keeps HTTP, the API and the page cache, and renders
   * run beside it. 0 renders on the main thread. Unset: the machine's cores (`os.availableParallelism()`), at most 8
   * (src/server/node.ts; this module is also the Edge Function's, which has no `node:os`).
   */
  SSR_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Longest wait of a page for a free renderer, in ms; past it the page answers 503 with Retry-After (decision 061). */
  SSR_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),

  // ---- response cache of anonymous public reads (docs/decisions/011-response-cache.md) ----
  /** Keep anonymous public GET answers in memory, dropped on every change notification (LISTEN). */
  RESPONSE_CACHE: z.stringbool().default(true),
  /** Most answers kept. */
  RESPONSE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Most memory the kept answers take (bodies, keys, headers), in MiB; one answer at most a quarter of it. */
  RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),

  /** The SPA's tile URL template (the same variable as at build time): its origin is allowed in the CSP's img-src. */
  VITE_MAP_TILE_URL: z.string().min(1).optional(),
  /** The SPA's API base (build time): when it is another origin, the CSP's connect-src allows it. */
  VITE_API_URL: z.string().min(1).optional(),
}).superRefine((env, ctx) => {
  const supabase = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;
  const set = supabase.filter((k) => env[k] !== undefined);
  if (set.length > 0 && set.length < supabase.length) {
    for (const k of supabase) if (env[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: `required with ${set.join(', ')} (Supabase mode)` });
  }
  if (set.length === 0 && !env.MAIL_DEV && !env.SMTP_HOST) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'required when MAIL_DEV=false (codes are sent by mail)' });
  }
});

/**
 * Parses a comma-separated origin list (`CORS_ORIGINS`): each entry must be a bare origin
 * (scheme://host[:port], no path); `*` is refused (public GETs are open already, and authenticated
 * endpoints must name who may call them). Empty entries are ignored.
 */
export function parseOrigins(value: string | undefined, ctx?: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const raw of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let origin: string | null = null;
    try {
      const url = new URL(raw);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === raw.replace(/\/$/, '')) origin = url.origin;
    } catch {
      origin = null;
    }
    if (origin) origins.push(origin);
    else ctx?.addIssue({ code: 'custom', message: `"${raw}" is not an origin like https://app.example (scheme, host, optional port; no path, no *)` });
  }
  return origins;
}

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
