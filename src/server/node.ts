import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app.ts';
import { parseServerEnv } from './env.ts';
import { startStack } from './stack.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createAuthProviderFromEnv, ensureInitialAdmin, isSupabaseMode } from './auth/node-setup.ts';
import { startDevMailbox } from './mail/dev-mailbox.ts';
import { LocalStorageProvider } from './storage/local-storage-provider.ts';
import { SupabaseStorageProvider } from './storage/supabase-storage-provider.ts';

/**
 * The embedded stack's entry (`npm start`): database (embedded or DATABASE_URL), migrations,
 * first-start seed, then the API under /api, uploads under /uploads/ and the built SPA, all on
 * one origin and PORT. SIGINT/SIGTERM stop the HTTP server, the pool and Postgres cleanly.
 */
async function main() {
  const env = parseServerEnv(process.env);
  const log = (line: string) => console.log(line);
  const stack = await startStack({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, embeddedPort: env.EMBEDDED_PG_PORT, log });

  const uploadsDir = path.resolve(env.DATA_DIR, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const distDir = path.resolve('dist');
  const indexHtml = existsSync(path.join(distDir, 'index.html')) ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : null;

  // Accounts: Supabase Auth when SUPABASE_* are set, else the local provider mailing through SMTP —
  // by default a dev mailbox started here (docs/auth.md).
  const supabaseAuth = isSupabaseMode(env);
  const mailbox = !supabaseAuth && env.MAIL_DEV && !env.SMTP_HOST
    ? await startDevMailbox({ smtpPort: env.MAILDEV_SMTP_PORT, webPort: env.MAILDEV_WEB_PORT })
    : null;
  const auth = createAuthProviderFromEnv(env, stack.sql, log);
  await ensureInitialAdmin(auth, stack.sql, { dataDir: env.DATA_DIR, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, log });
  const clientIp = (c: Parameters<typeof getConnInfo>[0]) =>
    (env.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined) || getConnInfo(c).remote.address || null;

  // Uploads: Supabase Storage's public buckets in Supabase mode, else files under DATA_DIR/uploads.
  const storage = supabaseAuth && env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
    ? new SupabaseStorageProvider({ url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY })
    : new LocalStorageProvider(uploadsDir);
  const api = createApp({ sql: stack.sql, publicUrl: env.PUBLIC_URL, statementTimeoutMs: env.STATEMENT_TIMEOUT_MS, auth, clientIp, storage });
  const root = new Hono();
  root.route('/', api);
  root.use('/uploads/*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
  });
  root.use('/uploads/*', serveStatic({ root: path.relative(process.cwd(), uploadsDir) || '.', rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));
  root.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // the build writes .br/.gz twins of the text assets (vite.config.ts): sent when the browser accepts them
  root.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true }));
  root.get('*', (c) => {
    if (!indexHtml) return c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503);
    return c.html(indexHtml);
  });

  const server = serve({ fetch: root.fetch, port: env.PORT, hostname: '0.0.0.0' }, (info) => {
    log(`\nCity directory running at http://localhost:${info.port}/  (API: http://localhost:${info.port}/api/openapi.json)`);
    log(`Database: ${stack.embedded ? `embedded PostgreSQL in ${path.resolve(env.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}. Press Ctrl-C to stop.`);
    log(supabaseAuth ? 'Accounts: Supabase Auth.' : mailbox ? `Accounts: local. Dev mailbox (sign-up and reset codes): ${mailbox.webUrl.replace('127.0.0.1', 'localhost')}/` : `Accounts: local, mail via SMTP ${env.SMTP_HOST}.`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping…`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await auth.close?.();
    await mailbox?.stop();
    await stack.stop();
    log('Stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
