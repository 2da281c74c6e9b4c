import type { createPageRenderer } from './renderer.ts';

/** The pages a warm-up renders, in turn: home and the places list (their cards, header and layout), both languages. */
export const WARM_PATHS = ['/', '/ar', '/places', '/places/ar'] as const;

export interface WarmPagesOptions {
  /** Origin of the requests (any: the renderer reads only their path, query and headers). */
  origin: string;
  /** Pages to render, at once: at least every render thread's share (threads × renders per thread), so each gets some. */
  count: number;
  paths?: readonly string[];
  /** Past this, the start goes on without waiting for the rest (they finish in the background). */
  timeoutMs?: number;
}

export interface WarmPagesResult {
  /** Pages rendered (any status) before the time limit. */
  rendered: number;
  /** Renders that threw or answered no page. */
  failed: number;
  /** Wall-clock time of the warm-up, in ms. */
  ms: number;
}

/**
 * Renders `count` pages (`paths` in turn) before the server takes its first request, uncached (`Cache-Control:
 * no-cache`: rendered, not stored). A fresh process's first page otherwise waits for its render thread's JIT and the
 * route's modules: measured, the first place page after `npm start` took 3.0 s and the next new kinds ~0.1 s,
 * against ~20 ms warm — a crawler or the first visitor after a deploy paid it. A render that fails or outlasts
 * `timeoutMs` does not stop the start.
 */
export async function warmPages(render: ReturnType<typeof createPageRenderer>, options: WarmPagesOptions): Promise<WarmPagesResult> {
  const { origin, count, paths = WARM_PATHS, timeoutMs = 30_000 } = options;
  const started = performance.now();
  let rendered = 0;
  let failed = 0;
  const renders = Array.from({ length: count }, async (_, i) => {
    try {
      const res = await render(new Request(`${origin}${paths[i % paths.length]}`, { headers: { 'cache-control': 'no-cache' } }), { nonce: 'warm-up' });
      if (res) {
        await res.arrayBuffer();
        rendered++;
      } else failed++;
    } catch {
      failed++;
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(renders), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  return { rendered, failed, ms: Math.round(performance.now() - started) };
}
