/**
 * `npm start` runs the server in production mode unless NODE_ENV says otherwise (decision 061). React, React DOM's
 * server renderer and the other libraries the server bundle loads from node_modules choose their build by
 * `process.env.NODE_ENV` when they are first loaded: unset, they load their development builds (extra checks and
 * warnings on every render). Imported first by src/server/node.ts, so it runs
 * before any of them is loaded. Tests and e2e runs set NODE_ENV=test themselves; the benchmark sets production.
 */
process.env.NODE_ENV ??= 'production';

export {};
