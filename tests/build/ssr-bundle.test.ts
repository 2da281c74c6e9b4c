import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server bundle (dist-server/entry-server.js, built by `npm run build`) renders with React Router's production
 * build (decision 064). The package exports only `dist/development` to Node (no `production` condition, `NODE_ENV`
 * changes nothing), so the bundle takes React Router in, resolved to `dist/production` (vite.config.ts), and leaves no
 * import of it for Node to resolve to the development build — nor a second copy of its contexts.
 */
const BUNDLE = 'dist-server';

/** Every script of the server bundle (the entry and its chunks), joined. */
const bundleCode = () => (readdirSync(BUNDLE, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(path.join(BUNDLE, file), 'utf8'))
  .join('\n');

describe('the server bundle (needs `npm run build`)', () => {
  it('holds React Router from its production build, with no import of the package left to Node', () => {
    expect(existsSync(path.join(BUNDLE, 'entry-server.js')), `${BUNDLE}/entry-server.js is missing: run npm run build`).toBe(true);
    const code = bundleCode();
    expect(code).not.toMatch(/from\s*["']react-router(-dom)?(\/[^"']*)?["']/);
    expect(code).not.toMatch(/(import|require)\(\s*["']react-router/);
    // the bundler names each module it took in: React Router's production files, never its development ones
    expect(code).toContain('node_modules/react-router/dist/production/');
    expect(code).not.toContain('node_modules/react-router/dist/development/');
  });
});

describe('the browser bundle (needs `npm run build`)', () => {
  // React Router's development build warns with these on every render of a route tree (ENABLE_DEV_WARNINGS); its
  // production build has them compiled out. The browser and the server run the same build (vite.config.ts).
  it('holds React Router from its production build: no development warnings in any script', () => {
    const scripts = (readdirSync('dist/assets') as string[]).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const code = scripts.map((file) => readFileSync(path.join('dist/assets', file), 'utf8')).join('\n');
    expect(code).toContain('useNavigate'); // React Router is in there…
    expect(code).not.toContain('does not have an element or Component');
    expect(code).not.toContain('Error handled by React Router default ErrorBoundary');
  });
});
