import { nextTask } from './lib/next-task.ts';

/**
 * The browser's entry: evaluates the app's first scripts in three stages, each in a task of its own, then starts the
 * app (decision 072). The build puts each stage in a chunk of its own (vite.config.ts, `bootChunking`) and the document
 * preloads all three with this entry, so they download together and only their evaluation is spread out:
 * 1. React and React DOM (src/boot/react.ts);
 * 2. Chakra UI, Emotion and Zag (src/boot/ui.ts);
 * 3. the router, i18next, TanStack Query and the app's frame (src/boot/start.tsx), which then hydrates the page
 *    the server rendered or renders one it did not.
 * Evaluated at once, as one chunk, they were one task of 36–47 ms on a desktop core and 96–171 ms on Lighthouse's
 * phone (decision 071), where the browser could neither paint nor answer a tap.
 *
 * A stage that fails to load (a network lost on the way) is imported again when the browser is back online (which
 * fetches it anew where the browser no longer keeps failed module fetches, whatwg/html#10327): until then a
 * server-rendered page still reads, and its links and forms work.
 */
async function start() {
  await import('./boot/react.ts');
  await nextTask();
  await import('./boot/ui.ts');
  await nextTask();
  const { startApp } = await import('./boot/start.tsx');
  startApp();
}

function startWhenOnline() {
  start().catch((error: unknown) => {
    console.error('The app could not load its scripts; it tries again when the network is back.', error);
    window.addEventListener('online', startWhenOnline, { once: true });
  });
}

startWhenOnline();
