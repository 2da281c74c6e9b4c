import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../env.ts';
import { DEFAULT_AUTH_RATE_LIMITS, scalePerIpLimits } from './rate-limit.ts';

describe('scalePerIpLimits (AUTH_IP_LIMIT_SCALE)', () => {
  it('multiplies every per-IP max and leaves the per-address rules and windows as they are', () => {
    const scaled = scalePerIpLimits(DEFAULT_AUTH_RATE_LIMITS, 10);
    expect(scaled.send.perIp).toEqual({ max: DEFAULT_AUTH_RATE_LIMITS.send.perIp!.max * 10, windowSeconds: DEFAULT_AUTH_RATE_LIMITS.send.perIp!.windowSeconds });
    expect(scaled.login.perIp!.max).toBe(DEFAULT_AUTH_RATE_LIMITS.login.perIp!.max * 10);
    expect(scaled.send.perEmail).toEqual(DEFAULT_AUTH_RATE_LIMITS.send.perEmail);
    expect(scaled.refresh.perEmail).toBeNull();
    expect(scaled.resend).toEqual(DEFAULT_AUTH_RATE_LIMITS.resend); // per address only
  });

  it('scale 1 is the defaults', () => {
    expect(scalePerIpLimits(DEFAULT_AUTH_RATE_LIMITS, 1)).toEqual(DEFAULT_AUTH_RATE_LIMITS);
  });

  it('the environment takes 1 to 1000, default 1', () => {
    expect(parseServerEnv({}).AUTH_IP_LIMIT_SCALE).toBe(1);
    expect(parseServerEnv({ AUTH_IP_LIMIT_SCALE: '10' }).AUTH_IP_LIMIT_SCALE).toBe(10);
    expect(() => parseServerEnv({ AUTH_IP_LIMIT_SCALE: '0' })).toThrow(/AUTH_IP_LIMIT_SCALE/);
  });
});
