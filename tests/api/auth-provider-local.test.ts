import { ownerSql } from '../helpers/api.ts';
import { localProvider } from '../helpers/auth.ts';
import { latestCode } from '../helpers/mailbox.ts';
import { authProviderContract } from './auth-provider.contract.ts';

// LocalAuthProvider on the run's real database, codes read from the real dev mailbox.
authProviderContract('LocalAuthProvider (embedded stack)', async () => {
  const sql = ownerSql();
  const provider = localProvider(sql);
  return {
    provider,
    code: (email, purpose, count) => latestCode(email, purpose === 'signup' ? 'signup-code' : 'reset-code', { count }),
    async close() {
      await provider.close();
      await sql.end();
    },
  };
});
