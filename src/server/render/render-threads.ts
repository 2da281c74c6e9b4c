/**
 * Server renders on worker threads (decision 066). A render is ≈ 15 ms of CPU (React, Chakra, Emotion); on the main
 * thread it also holds up every API answer and cached page behind it, and the process uses one core whatever the
 * machine has. Here the server bundle runs in a pool of threads (Piscina), each rendering a few pages at once; the
 * main thread keeps HTTP, the page cache, the head, the assembly and the page's data: a render thread asks the main
 * thread for each API read over a `MessagePort` of its own, and the main thread answers it as it answered the
 * renderer before (cached answers in process, else the API in process) in the render's async context, so the
 * response cache still collects the page's tags (decision 042).
 */
import { AsyncResource } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ApiAnswer, RenderAppOptions, RenderedApp } from '../../entry-server.tsx';
import type { Lang, Theme } from '../../shared/language.ts';
import type { ServerEntry } from './renderer.ts';

/** What a render thread is given: the page (its URL, language, theme, nonce) and the port its data reads go through. */
export interface RenderTask {
  url: string;
  lang: Lang;
  theme: Theme;
  nonce: string;
  queryTimeoutMs?: number;
  port: MessagePort;
}

/** A read of the API a render thread asks the main thread for (a GET of the app's API client, as the anonymous caller). */
export interface DataRequest {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
}

/** The main thread's answer to a `DataRequest`: the API's status, headers and body text, or why there was none. */
export type DataAnswer =
  | { id: number; status: number; statusText: string; headers: [string, string][]; body: string }
  | { id: number; error: string };

/** What a render thread answers: the page, and which thread rendered it (`RenderThreads.rendersByThread`). */
export interface ThreadRendered {
  rendered: RenderedApp;
  threadId: number;
}

/** The `workerData` of a render thread. */
export interface RenderThreadData {
  /** Absolute path of the server bundle (dist-server/entry-server.js). */
  entryFile: string;
}

export interface RenderThreadsOptions {
  /** Absolute path of the server bundle (dist-server/entry-server.js). */
  entryFile: string;
  /** Render threads (≥ 1), all started at once and kept. */
  threads: number;
  /** Renders one thread runs at once (≥ 1): one waits for its data while another computes. */
  rendersPerThread: number;
}

/** The server bundle's `ServerEntry`, its renders run on threads; `close()` stops the threads. */
export interface RenderThreads extends ServerEntry {
  readonly threads: number;
  /** Renders each thread has finished since the pool started, by thread id (a thread not listed has rendered none). */
  rendersByThread(): ReadonlyMap<number, number>;
  close(): Promise<void>;
}

/** The body of an API answer as text: a `Response`'s, or a cached answer's (`text()` when it has one, else its JSON again). */
async function bodyText(answer: ApiAnswer): Promise<string> {
  const withText = answer as ApiAnswer & { text?: () => Promise<string> };
  return typeof withText.text === 'function' ? withText.text() : JSON.stringify(await answer.json());
}

/** The headers a render's API client may read of an answer (`Retry-After`), as entries. */
function headerEntries(answer: ApiAnswer): [string, string][] {
  if (answer.headers instanceof Headers) return [...answer.headers];
  const retryAfter = answer.headers.get('retry-after');
  return retryAfter === null ? [] : [['retry-after', retryAfter]];
}

/**
 * Starts `threads` render threads on the server bundle `entryFile`. The answer has the bundle's `configureApi` (the
 * main thread's transport, called for each read a render thread asks for) and `renderApp` (the same options and
 * `RenderedApp` as the bundle's own, the render done on a thread; a render that throws there rejects here with its
 * error). Renders beyond `threads × rendersPerThread` wait in Piscina's queue (the renderer's `RenderQueue` admits
 * at most `SSR_CONCURRENCY` first). A thread that dies is replaced.
 */
export function createRenderThreads({ entryFile, threads, rendersPerThread }: RenderThreadsOptions): RenderThreads {
  const pool = new Piscina<RenderTask, ThreadRendered>({
    filename: fileURLToPath(new URL('./render-thread.ts', import.meta.url)),
    workerData: { entryFile } satisfies RenderThreadData,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: rendersPerThread,
    idleTimeout: Number.POSITIVE_INFINITY,
    // a thread waits for its data on its event loop between tasks: never block it waiting for the next task
    atomics: 'disabled',
  });
  let fetchApi: ((url: string, init: RequestInit) => Promise<ApiAnswer>) | null = null;
  const renders = new Map<number, number>();

  async function answer(request: DataRequest): Promise<DataAnswer> {
    try {
      if (!fetchApi) throw new Error('render threads: configureApi was not called');
      const res = await fetchApi(request.url, { method: request.method, headers: request.headers });
      return { id: request.id, status: res.status, statusText: res.statusText, headers: headerEntries(res), body: await bodyText(res) };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    threads,
    configureApi(fn) {
      fetchApi = fn;
    },
    async renderApp({ request, lang, theme, nonce, queryTimeoutMs }: RenderAppOptions): Promise<RenderedApp> {
      const { port1, port2 } = new MessageChannel();
      // answered in this render's async context, so the response cache counts the read as this page's (collectTags)
      port1.on('message', AsyncResource.bind((request: DataRequest) => {
        void answer(request).then((reply) => port1.postMessage(reply));
      }));
      try {
        const task: RenderTask = { url: request.url, lang, theme, nonce, queryTimeoutMs, port: port2 };
        const { rendered, threadId } = await pool.run(task, { transferList: [port2] });
        renders.set(threadId, (renders.get(threadId) ?? 0) + 1);
        return rendered;
      } finally {
        port1.close();
      }
    },
    rendersByThread: () => renders,
    close: () => pool.destroy(),
  };
}
