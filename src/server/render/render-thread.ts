/**
 * A render thread (decision 066): Piscina runs this module's default export for each page. It loads the server bundle
 * once (`workerData.entryFile`) and renders with it; the app's API client reads through the page's own `MessagePort`
 * to the main thread (src/server/render/render-threads.ts), which owns the API, the response cache and the database.
 * No top-level await: Piscina may first `require()` the module.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { threadId, workerData, type MessagePort } from 'node:worker_threads';
import type { ApiAnswer, RenderedApp } from '../../entry-server.tsx';
import type { ServerEntry } from './renderer.ts';
import type { DataAnswer, DataRequest, RenderTask, RenderThreadData, ThreadRendered } from './render-threads.ts';

/** The data reads of one render: its port and the answers it waits for, by id. */
interface Reads {
  port: MessagePort;
  waiting: Map<number, (answer: DataAnswer) => void>;
  next: number;
}

/** The render a read belongs to (a thread renders a few pages at once). */
const current = new AsyncLocalStorage<Reads>();

function answerOf(reply: DataAnswer): ApiAnswer {
  if ('error' in reply) throw new Error(reply.error);
  const headers = new Headers(reply.headers);
  return {
    ok: reply.status >= 200 && reply.status < 300,
    status: reply.status,
    statusText: reply.statusText,
    headers,
    json: () => Promise.resolve(JSON.parse(reply.body) as unknown),
  };
}

function read(url: string, init: RequestInit): Promise<ApiAnswer> {
  const reads = current.getStore();
  if (!reads) return Promise.reject(new Error('render thread: an API read outside a render'));
  const id = reads.next++;
  const request: DataRequest = { id, url, method: (init.method ?? 'GET').toUpperCase(), headers: [...new Headers(init.headers)] };
  return new Promise<DataAnswer>((resolve) => {
    reads.waiting.set(id, resolve);
    reads.port.postMessage(request);
  }).then(answerOf);
}

let entry: Promise<ServerEntry> | undefined;

function loadEntry(): Promise<ServerEntry> {
  entry ??= import(pathToFileURL((workerData as RenderThreadData).entryFile).href).then((module: ServerEntry) => {
    module.configureApi(read);
    return module;
  });
  return entry;
}

/** Renders one page (`RenderTask`) with the server bundle and answers its `RenderedApp` and this thread's id; the port is closed after. */
async function renderPage(task: RenderTask): Promise<ThreadRendered> {
  const { renderApp } = await loadEntry();
  const reads: Reads = { port: task.port, waiting: new Map(), next: 0 };
  task.port.on('message', (reply: DataAnswer) => {
    reads.waiting.get(reply.id)?.(reply);
    reads.waiting.delete(reply.id);
  });
  try {
    const rendered: RenderedApp = await current.run(reads, () => renderApp({
      request: new Request(task.url),
      lang: task.lang,
      theme: task.theme,
      nonce: task.nonce,
      queryTimeoutMs: task.queryTimeoutMs,
    }));
    return { rendered, threadId };
  } finally {
    task.port.close();
  }
}

/**
 * The handler, once the server bundle is loaded: Piscina awaits a module's exported promise before it counts the
 * thread as ready ("Delaying Availability of Workers"), so a page is never queued behind the bundle's ~1–3 s load.
 */
export default loadEntry().then(() => renderPage);
