import { defineConfig } from 'vitest/config';
import { isDriverConnectionClosed } from './src/server/db/database-error.ts';
import { commonStringsParts } from './vite.config.ts';

/**
 * Unit tests sit next to their code (src/**\/*.test.ts[x]); API, database and search tests live in
 * tests/{api,db,search}; tests/build checks the built files of `npm run build`. One embedded Postgres is started per run by tests/helpers/global-setup.ts.
 */
export default defineConfig({
  // the browser's i18next loads `common` in two parts, as in the build (decision 055)
  plugins: [commonStringsParts()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/{api,build,db,search,deno}/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    environment: 'node',
    // A stray driver rejection when a backend is killed (tests/api/db-outage.test.ts does it on purpose and
    // asserts the transaction's own failure) is let through, as src/server/node.ts logs it instead of exiting;
    // any other unhandled error still fails the run.
    onUnhandledError: (error) => !isDriverConnectionClosed(error),
  },
});
