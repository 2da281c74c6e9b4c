/**
 * The Supabase Edge Function `api`: the same runtime-neutral Hono app as `npm start`
 * (src/server/app.ts), served by Deno. Supabase routes `https://<ref>.supabase.co/functions/v1/api/*`
 * here with the path `/api/*`, which is the app's base path. JWT checks by the platform are off
 * (`[functions.api] verify_jwt = false`); the app verifies bearer tokens itself.
 *
 * Env (src/server/edge-env.ts; README "Deploy to Supabase" lists every variable): SUPABASE_DB_URL
 * (injected) or DATABASE_URL. SUPABASE_URL and the API keys (injected) select Supabase Auth, whose
 * tokens are verified against SUPABASE_JWKS (injected) with `iss` = SUPABASE_URL + /auth/v1, or
 * AUTH_JWT_ISSUER (required under `supabase start`: config.toml [edge_runtime.secrets]); JWT_SECRET
 * (operator) accepts a legacy project's HS256 tokens. Without Supabase Auth, JWT_SECRET (HS256)
 * verifies tokens, or every request is anonymous. Optional: PUBLIC_URL, STATEMENT_TIMEOUT_MS,
 * DB_POOL_MAX, CORS_ORIGINS (the SPA's origin: it is not the function's), TRUST_PROXY, PORT (local
 * runs). A missing or invalid variable stops the start with an error naming it. Logs: one JSON line per request
 * on stdout; GET /api/health compares the database with ./migrations.ts; GET /api/docs answers JSON naming the
 * reference page on the web host (PUBLIC_URL + /api/docs: Edge Functions turn text/html into
 * text/plain) and /api/openapi.json, whose `servers` is the public `…/functions/v1`.
 * No response cache (docs/decisions/011-response-cache.md): isolates are short-lived and many, each
 * would need its own LISTEN connection through the pooler, and hit rates would be low; public reads
 * here always run their queries (put a CDN in front for caching).
 *
 * The imports reach ../../../src (outside supabase/, inside the git repository): the Supabase CLI
 * bundles relative `.ts` imports up to the git root (supabase/cli#5755; older CLIs stop at
 * supabase/). Bare package names resolve through ./deno.json to `npm:` at package.json's versions.
 * Locally: `deno run --config supabase/functions/api/deno.json --node-modules-dir=manual
 * --allow-env --allow-net supabase/functions/api/index.ts` (offline, from node_modules).
 */
import { createApp } from '../../../src/server/app.ts';
import { SupabaseAuthProvider } from '../../../src/server/auth/supabase-auth-provider.ts';
import { hs256Verifier } from '../../../src/server/auth/tokens.ts';
import { createSql } from '../../../src/server/db/client.ts';
import { jsonConsoleLogger } from '../../../src/server/http/console-logger.ts';
import { MIGRATION_VERSIONS } from './migrations.ts';
import { parseEdgeEnv } from '../../../src/server/edge-env.ts';
import { SupabaseStorageProvider } from '../../../src/server/storage/supabase-storage-provider.ts';
import { createSmtpMailer } from '../../../src/server/mail/mailer.ts';
import { settleDecisionMails } from '../../../src/server/mail/notify-decisions.ts';

const env = parseEdgeEnv(Deno.env.toObject());

// prepare: false — Supabase's transaction pooler cannot keep prepared statements between transactions.
const sql = createSql(env.databaseUrl, { max: env.poolMax, prepare: false });

const logger = jsonConsoleLogger();
const auth = env.supabase
  ? new SupabaseAuthProvider({ sql, ...env.supabase, legacyJwtSecret: env.jwtSecret, logger })
  : undefined;

const app = createApp({
  sql,
  auth,
  tokens: !auth && env.jwtSecret ? hs256Verifier(env.jwtSecret) : undefined,
  publicUrl: env.publicUrl,
  // OpenAPI `servers`: the URL callers use (…/functions/v1), not the path-stripped one this worker sees
  apiServerUrl: env.apiServerUrl,
  statementTimeoutMs: env.statementTimeoutMs,
  // Uploads go to the project's public Storage buckets (supabase/migrations/20260101001000_storage.sql).
  storage: env.supabase ? new SupabaseStorageProvider({ url: env.supabase.url, serviceRoleKey: env.supabase.serviceRoleKey }) : undefined,
  logger,
  // Decision mails to submitters (SMTP_* secrets; nodemailer runs on Deno through npm:). Auth's own
  // code mails stay Supabase's.
  mailer: env.smtp ? createSmtpMailer(env.smtp) : undefined,
  corsOrigins: env.corsOrigins,
  security: { trustProxy: env.trustProxy },
  migrations: MIGRATION_VERSIONS,
});

Deno.serve(
  {
    ...(env.port ? { port: env.port, hostname: '127.0.0.1' } : {}),
    onListen: ({ hostname, port }) => console.log(`api listening on http://${hostname}:${port}/api`),
  },
  async (request: Request) => {
    const response = await app.fetch(request);
    // A decision's mails are sent after its answer: keep the worker alive until they are out
    // (Supabase's EdgeRuntime.waitUntil; plain Deno keeps running anyway).
    (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime?.waitUntil(settleDecisionMails());
    return response;
  },
);
