// Zod 4 probes whether it may compile parsers with `new Function` when its first object schema is
// created. The site's Content-Security-Policy forbids eval (script-src 'self'), so the probe would
// be blocked and reported as a violation: turn Zod's JIT off before any app module runs. Zod reads
// this global config when it loads. A classic script, so it runs before the module bundle.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
