import { SupabaseAuthProvider } from '../../src/server/auth/supabase-auth-provider.ts';
import { ownerSql } from '../helpers/api.ts';
import { startFakeGoTrue } from '../helpers/fake-gotrue.ts';
import { authProviderContract } from './auth-provider.contract.ts';

// SupabaseAuthProvider against a fake GoTrue over HTTP (real supabase-js, real JWKS fetch); its
// failed-code counters and reset grants live in the run's real database (private schema).
authProviderContract('SupabaseAuthProvider (fake GoTrue)', async () => {
  const sql = ownerSql();
  const gotrue = await startFakeGoTrue();
  const provider = new SupabaseAuthProvider({ sql, url: gotrue.url, anonKey: gotrue.anonKey, serviceRoleKey: gotrue.serviceRoleKey });
  return {
    provider,
    code: async (email, purpose, count) => gotrue.codeFor(email, purpose === 'signup' ? 'signup' : 'recovery', count),
    async close() {
      await gotrue.close();
      await sql.end();
    },
  };
});
