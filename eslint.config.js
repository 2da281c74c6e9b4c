// ESLint flat config (docs/decisions/015-server-layout.md, 053-layout-and-names.md). Chosen for defects, not
// style: the recommended JS/TypeScript rules, the rules of hooks, awaited promises in the server, and the
// import boundaries of the layout (README "Layout", ../shared/STYLE.md "bulletproof-react"):
// - the browser (src/main.tsx, src/app, src/features, src/components, src/lib) and the server (src/server)
//   never import each other; the one door between them is src/entry-server.tsx, the app's server-rendering
//   entry: browser code like the rest (it never imports the server), and the only browser module the server
//   imports (src/server/render/renderer.ts, its types; the built dist-server/entry-server.js at run time);
// - src/shared is imported by both sides and imports neither;
// - the browser's layers point one way, shared → features → app: src/components and src/lib import no
//   feature and no app code, src/features no app code, and a feature never imports another feature
//   (what two features need moves down to src/components, src/lib or src/shared);
// - no module imports itself back (import-x/no-cycle; `npm run lint` also runs madge, then knip).
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ENTRY_SERVER = './src/entry-server.tsx';
const BROWSER = ['./src/app', './src/features', './src/components', './src/lib', './src/main.tsx', ENTRY_SERVER];
const FEATURES = readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'bench-results/**', 'screenshots/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.data*/**', 'supabase/functions/**/*.js', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: BROWSER, from: './src/server', message: 'The browser never imports server code: share it through src/shared.' },
          { target: './src/server', from: BROWSER.filter((p) => p !== ENTRY_SERVER), message: 'The server never imports browser code (src/lib, src/app, src/features, src/components): share it through src/shared; pages are rendered through src/entry-server.tsx, the one door.' },
          { target: './src/shared', from: ['./src/server', ...BROWSER], message: 'src/shared is imported by both sides and imports neither.' },
          { target: ['./src/app', './src/features', './src/components', './src/lib'], from: ['./src/main.tsx', ENTRY_SERVER], message: 'The entries (src/main.tsx, src/entry-server.tsx) are imported by nothing in the app.' },
          { target: ['./src/components', './src/lib'], from: ['./src/features', './src/app'], message: 'Shared browser code (src/components, src/lib) imports no feature and no app code: move what it needs down a layer.' },
          { target: './src/features', from: './src/app', message: 'Features never import app code (src/app composes features, not the other way).' },
          ...FEATURES.map((name) => ({
            target: `./src/features/${name}`, from: './src/features', except: [`./${name}`],
            message: 'Features never import each other: move what both need down to src/components, src/lib or src/shared.',
          })),
          // the service layer speaks no HTTP (docs/decisions/052-domain-errors-and-one-catalogue.md): it throws
          // domain errors (src/server/domain-errors.ts), which http/http-errors.ts alone maps to statuses and messages
          { target: './src/server/queries', from: ['./src/server/http', './src/server/routes'], message: 'src/server/queries speaks no HTTP: throw a domain error from src/server/domain-errors.ts (http/http-errors.ts maps it), take messages from src/server/message-catalogue.ts.' },
          // nor do the other services (accounts, rate limits, uploads, the importer, mail, rendering): ApiError is for routes and the app's plumbing
          { target: ['./src/server/auth', './src/server/db', './src/server/mail', './src/server/render', './src/server/spa', './src/server/storage'], from: './src/server/http/api-error.ts', message: 'Only routes and the HTTP plumbing throw ApiError: throw a domain error from src/server/domain-errors.ts (http/http-errors.ts maps it to a status).' },
        ],
      }],
      // the URL-parameter updaters use `cond ? a() : b()` as a statement; empty catch blocks are deliberate (storage, JSON)
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `any` is sometimes the honest type of a row or a test body; unused values are defects
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
    },
  },
  {
    // routes hold HTTP only (decision 015): SQL goes through src/server/queries, never a driver or the query helpers
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'postgres', message: 'Routes hold no SQL: call a function of src/server/queries.' }],
        patterns: [{ regex: '/queries/(sql|columns)\\.ts$', message: 'Routes hold no SQL: call a function of src/server/queries, not its SQL helpers.' }],
      }],
    },
  },
  {
    // server and scripts: a promise nobody awaits is a query or write whose failure nobody sees
    // (typed rules; the browser's react-router navigate() promises are left to the router)
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
);
