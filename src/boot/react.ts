/**
 * The first stage of the browser's start (src/main.tsx, decision 072): React, React DOM and the scheduler, built into
 * a chunk of their own and evaluated in a task of their own. What this exports only names the chunk for `import()`.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
