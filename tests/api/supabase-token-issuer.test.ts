import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SupabaseAuthProvider } from '../../src/server/auth/supabase-auth-provider.ts';
import { ownerSql } from '../helpers/api.ts';

// Which tokens SupabaseAuthProvider accepts: the issuer it is told (hosted: <url>/auth/v1; under
// `supabase start`: the public API URL, while `url` is http://kong:8000), keys from the injected
// SUPABASE_JWKS (ES256, and the CLI's `oct` member for HS256) without fetching anything.
const sql = ownerSql();
afterAll(() => sql.end());

const LOCAL_ISSUER = 'http://127.0.0.1:54321/auth/v1';
const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

async function setup() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  // `url` is unreachable: a fetch of the JWKS would fail, so acceptance proves the inline set is used.
  const provider = new SupabaseAuthProvider({
    sql, url: 'http://kong:8000', anonKey: 'anon', serviceRoleKey: 'service', issuers: [LOCAL_ISSUER],
    jwks: { keys: [jwk, { kty: 'oct', k: Buffer.from(SECRET).toString('base64url') }] },
  });
  const claims = { role: 'authenticated', email: 'a@example.test', app_metadata: {}, user_metadata: {}, session_id: randomUUID(), aal: 'aal1', is_anonymous: false };
  const build = (iss: string) => new SignJWT(claims).setIssuer(iss).setSubject(randomUUID()).setAudience('authenticated').setIssuedAt().setExpirationTime('1h');
  return {
    provider,
    es256: (iss: string) => build(iss).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey as CryptoKey),
    hs256: (iss: string, secret = SECRET) => build(iss).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret)),
  };
}

describe('SupabaseAuthProvider token checks', () => {
  it('accepts ES256 and HS256 tokens of the configured issuer from the inline JWKS', async () => {
    const { provider, es256, hs256 } = await setup();
    expect(await provider.verifyAccessToken(await es256(LOCAL_ISSUER))).toMatchObject({ role: 'authenticated', iss: LOCAL_ISSUER });
    expect(await provider.verifyAccessToken(await hs256(LOCAL_ISSUER))).toMatchObject({ role: 'authenticated', iss: LOCAL_ISSUER });
  });

  it('refuses another issuer, the internal URL as issuer, and a wrong HS256 secret', async () => {
    const { provider, es256, hs256 } = await setup();
    expect(await provider.verifyAccessToken(await es256('http://kong:8000/auth/v1'))).toBeNull();
    expect(await provider.verifyAccessToken(await es256('https://other.supabase.co/auth/v1'))).toBeNull();
    expect(await provider.verifyAccessToken(await hs256('https://other.supabase.co/auth/v1'))).toBeNull();
    expect(await provider.verifyAccessToken(await hs256(LOCAL_ISSUER, 'x'.repeat(48)))).toBeNull();
  });

  it('defaults to <url>/auth/v1 (hosted) and refuses HS256 without a secret', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const provider = new SupabaseAuthProvider({ sql, url: 'https://ref.supabase.co/', anonKey: 'anon', serviceRoleKey: 'service', jwks: { keys: [jwk] } });
    const token = (iss: string, alg: 'ES256' | 'HS256' = 'ES256') => {
      const jwt = new SignJWT({ role: 'authenticated' }).setIssuer(iss).setSubject(randomUUID()).setAudience('authenticated').setExpirationTime('1h');
      return alg === 'ES256' ? jwt.setProtectedHeader({ alg, kid: 'k1' }).sign(privateKey) : jwt.setProtectedHeader({ alg }).sign(new TextEncoder().encode(SECRET));
    };
    expect(await provider.verifyAccessToken(await token('https://ref.supabase.co/auth/v1'))).not.toBeNull();
    expect(await provider.verifyAccessToken(await token(LOCAL_ISSUER))).toBeNull();
    expect(await provider.verifyAccessToken(await token('https://ref.supabase.co/auth/v1', 'HS256'))).toBeNull();
  });
});
