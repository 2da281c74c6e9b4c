import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
await context.addInitScript(() => {
  window.__tl = {};
  new MutationObserver(() => {
    const t = performance.now();
    if (!window.__tl.container && document.querySelector('.leaflet-container')) window.__tl.container = t;
    if (!window.__tl.hydrated && document.documentElement.hasAttribute('data-hydrated')) window.__tl.hydrated = t;
  }).observe(document, { subtree: true, childList: true, attributes: true });
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start');
await page.goto('http://127.0.0.1:3298/map', { waitUntil: 'load' });
await page.locator('.map-cluster').first().waitFor();
const tl = await page.evaluate(() => ({ ...window.__tl, origin: performance.timeOrigin }));
const { profile } = await cdp.send('Profiler.stop');
console.log(JSON.stringify(tl));
// self time of samples between hydrated and container (profile times are in µs, monotonic; map via startTime offset)
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
let t = profile.startTime; const self = new Map(); const buckets = new Map();
// estimate: profile.startTime corresponds to roughly navigation start; use relative times
const rel0 = profile.startTime;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  const ms = (t - rel0) / 1000;
  const f = byId.get(id).callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`;
  const b = Math.floor(ms / 250) * 250;
  if (!buckets.has(b)) buckets.set(b, new Map());
  const m = buckets.get(b); m.set(key, (m.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
});
for (const [b, m] of [...buckets].sort((a, b) => a[0] - b[0])) {
  const top = [...m].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${v.toFixed(0)}ms ${k}`);
  const busy = [...m].filter(([k]) => !k.startsWith('(idle)')).reduce((n, [, v]) => n + v, 0);
  console.log(b, 'busy', busy.toFixed(0), top.join(' | '));
}
await browser.close();
