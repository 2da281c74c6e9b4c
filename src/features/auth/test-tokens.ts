/** Builds unsigned JWT-shaped tokens for unit tests (the SPA never verifies signatures; the server does). */
export function fakeToken(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowS = NOW_MS / 1000;

/** An admin token valid for an hour after NOW_MS (or expired an hour before, with `expired`). */
export function adminToken(opts: { expired?: boolean; sub?: string; email?: string } = {}): string {
  return fakeToken({
    sub: opts.sub ?? '11111111-1111-4111-8111-111111111111',
    email: opts.email ?? 'admin@example.test',
    role: 'authenticated',
    app_metadata: { role: 'admin' },
    exp: opts.expired ? nowS - 3600 : nowS + 3600,
  });
}
