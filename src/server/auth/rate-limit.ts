import type { Sql } from 'postgres';
import { RateLimitedError } from '../domain-errors.ts';
import { sha256Hex } from './crypto.ts';
import { LIMITS } from '../../shared/schemas/common-schemas.ts';

/** At most `max` attempts per `windowSeconds` (fixed window). */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** Limits of one action, counted per client IP and per e-mail address (both must pass). */
export interface ActionLimits {
  perIp: RateLimitRule | null;
  perEmail: RateLimitRule | null;
}

/**
 * The auth rate limits: `login` (public and admin sign-in, change-password), `verify` (sign-up and
 * reset codes, reset-password), `send` (register, resend-code, forgot-password: each may send a mail),
 * `refresh` (token refresh, per IP only), `resend` (resend-code only: one mail per cooldown per address,
 * so a double tap or two tabs send one code). `null` (or no `resend`) turns a limit off.
 */
export interface AuthRateLimits {
  login: ActionLimits;
  verify: ActionLimits;
  send: ActionLimits;
  refresh: ActionLimits;
  resend?: ActionLimits;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  login: { perIp: { max: 50, windowSeconds: 900 }, perEmail: { max: 10, windowSeconds: 900 } },
  verify: { perIp: { max: 50, windowSeconds: 900 }, perEmail: { max: 15, windowSeconds: 900 } },
  send: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  refresh: { perIp: { max: 300, windowSeconds: 900 }, perEmail: null },
  resend: { perIp: null, perEmail: { max: 1, windowSeconds: LIMITS.resendCodeCooldownSeconds } },
};

/** `limits` with every per-IP `max` multiplied by `scale` (≥ 1; AUTH_IP_LIMIT_SCALE), per-e-mail rules unchanged. */
export function scalePerIpLimits(limits: AuthRateLimits, scale: number): AuthRateLimits {
  const scaled = (a: ActionLimits): ActionLimits => ({ ...a, perIp: a.perIp && { ...a.perIp, max: Math.round(a.perIp.max * scale) } });
  return {
    login: scaled(limits.login), verify: scaled(limits.verify), send: scaled(limits.send), refresh: scaled(limits.refresh),
    ...(limits.resend ? { resend: scaled(limits.resend) } : {}),
  };
}

export type RateLimitedAction = keyof AuthRateLimits;

/**
 * Counts one attempt of `action` for `ip` and `email` in Postgres (private.auth_rate_limit_hit, so
 * every API instance shares the counts). Throws RateLimitedError `rate_limited` (429) with `retryAfterSeconds`
 * (answered as `Retry-After`) when either bucket is over its limit.
 */
export async function enforceRateLimit(
  sql: Sql,
  limits: AuthRateLimits,
  action: RateLimitedAction,
  who: { ip?: string | null; email?: string | null },
): Promise<void> {
  const rules = limits[action];
  if (!rules) return;
  const buckets: [string, RateLimitRule][] = [];
  if (rules.perIp && who.ip) buckets.push([`${action}:ip:${await sha256Hex(who.ip)}`, rules.perIp]);
  if (rules.perEmail && who.email) buckets.push([`${action}:email:${await sha256Hex(who.email)}`, rules.perEmail]);
  let retryAfter = 0;
  for (const [key, rule] of buckets) {
    const [row] = await sql<{ wait: number }[]>`select private.auth_rate_limit_hit(${key}, ${rule.max}, ${rule.windowSeconds}) as wait`;
    retryAfter = Math.max(retryAfter, row?.wait ?? 0);
  }
  if (retryAfter > 0) throw new RateLimitedError('rate_limited', { retryAfterSeconds: retryAfter });
}
