import { describe, expect, it } from 'vitest';
import { parseOrigins, parseServerEnv } from '../env.ts';
import { loggablePath } from './request-log.ts';
import { originOf, tileSource, workerContentSecurityPolicy } from './security-headers.ts';

describe('tileSource (CSP img-src of the map tiles)', () => {
  it('takes the origin of the template, {s} sub-domains as a wildcard', () => {
    expect(tileSource(undefined)).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.net/{z}/{x}/{y}.png')).toBe('https://*.tile.example.net');
    expect(tileSource('https://tiles.example:8443/styles/{z}/{x}/{y}@2x.png?key=abc')).toBe('https://tiles.example:8443');
    expect(tileSource('HTTP://Tiles.Example/{z}/{x}/{y}.png')).toBe('http://tiles.example');
  });

  it('ignores what is not an absolute http(s) URL (same-origin paths are covered by self)', () => {
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource("https://evil.example'; script-src *")).toBeNull();
    expect(tileSource('javascript:alert(1)')).toBeNull();
  });

  it('originOf: absolute API URLs only', () => {
    expect(originOf('https://ref.supabase.co/functions/v1/api')).toBe('https://ref.supabase.co');
    expect(originOf('/api')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe('loggablePath', () => {
  it('keeps the pathname and harmless query values, redacts secret-looking ones', () => {
    expect(loggablePath('http://x/api/public/places?search=cafe&page=2')).toEqual({ path: '/api/public/places', query: { search: 'cafe', page: '2' } });
    expect(loggablePath('http://x/api/a?access_token=t&code=123456&email=a@b.c&apiKey=k&password=p')).toEqual({
      path: '/api/a', query: { access_token: '[REDACTED]', code: '[REDACTED]', email: '[REDACTED]', apiKey: '[REDACTED]', password: '[REDACTED]' },
    });
    expect(loggablePath('http://x/api/b')).toEqual({ path: '/api/b' });
    expect(loggablePath(`http://x/?q=${'a'.repeat(300)}`).query!.q).toHaveLength(101);
  });
});

describe('CORS_ORIGINS', () => {
  it('parses a comma-separated list of bare origins', () => {
    expect(parseOrigins(' https://app.example , http://localhost:5173,https://b.example/ ')).toEqual(['https://app.example', 'http://localhost:5173', 'https://b.example']);
    expect(parseOrigins(undefined)).toEqual([]);
  });

  it('refuses wildcards and URLs with a path at start-up, naming the variable', () => {
    expect(() => parseServerEnv({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: "\*" is not an origin/);
    expect(() => parseServerEnv({ CORS_ORIGINS: 'https://app.example/admin' })).toThrow(/CORS_ORIGINS/);
    expect(parseServerEnv({ CORS_ORIGINS: 'https://app.example' }).CORS_ORIGINS).toEqual(['https://app.example']);
    expect(parseServerEnv({}).CORS_ORIGINS).toEqual([]);
  });
});

describe('workerContentSecurityPolicy (the service worker, decision 047)', () => {
  it('lets the worker reach the site, the hosted API and the tile server, and load no other script', () => {
    expect(workerContentSecurityPolicy({})).toBe("default-src 'self'; script-src 'self'; connect-src 'self' https://tile.openstreetmap.org; object-src 'none'; base-uri 'none'");
    const hosted = workerContentSecurityPolicy({ apiUrl: 'https://ref.supabase.co/functions/v1/api', tileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png' });
    expect(hosted).toContain("connect-src 'self' https://ref.supabase.co https://*.tiles.example;");
    expect(workerContentSecurityPolicy({ apiUrl: '/api', tileUrl: '/tiles/{z}/{x}/{y}.png' })).toContain("connect-src 'self';");
  });
});
