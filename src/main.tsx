import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { appRoutes, AppRouter, createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { afterHydration, beginHydration, HydrationEnd } from './components/ui/deferred.tsx';
import { systemSteps } from './components/ui/system.ts';
import { initI18n } from './lib/i18n.ts';
import { detectLang } from './lib/browser-language.ts';
import { nextTask } from './lib/next-task.ts';
import { createQueryClient } from './lib/query-client.ts';
import { hydrateQueries, SSR_STATE_ELEMENT_ID, takeSsrState } from './lib/ssr-state.ts';
import { whenIdle } from './lib/when-idle.ts';

const container = document.getElementById('root')!;

declare global {
  interface Window {
    /** Set by src/inline/scripts-after-paint.js on a server-rendered page: the last control clicked before hydration. */
    dalilEarlyClick?: { take(): Element | null };
  }
}

const ssrElement = document.getElementById(SSR_STATE_ELEMENT_ID);

/**
 * Hydrates a public page the server rendered (decision 019) from the same inputs — its language, theme, the
 * queries' answers and the route modules it matched — so the first render matches the HTML.
 *
 * Each step starts in a task of its own (decisions 037, 071). The browser evaluates this chunk's modules in one task,
 * and whatever this module does at once is added to that task: reading the server's state, starting i18next and
 * matching the routes (React Router flattens and ranks the whole route table) made it 61–90 ms on a desktop core
 * (~250–350 ms on Lighthouse's phone), where the modules alone take 36–45 ms. Apart, each is a short task, and the
 * browser can paint and answer input between them.
 */
async function hydrateServerPage() {
  await nextTask();
  const ssr = takeSsrState();
  if (!ssr) return renderClientPage();
  const queryClient = createQueryClient();
  // as on the server: a query that failed there (a 404) shows its error at once instead of a new attempt
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const refreshStale = hydrateQueries(queryClient, ssr.queries);
  await nextTask();
  const strings = initI18n(ssr.lang);
  await nextTask();
  await Promise.all([strings, loadMatchedRoutes(appRoutes, window.location)]);
  // Chakra's system a step per task (decision 075)
  for (const steps = systemSteps(); !steps.next().done;) await nextTask();
  await nextTask();
  const router = createAppRouter({ loaderData: {}, actionData: null, errors: null });
  // from here React handles clicks itself; one made before (kept by the inline starter) is replayed once hydrated
  const earlyClick = window.dalilEarlyClick?.take() ?? null;
  beginHydration();
  // answers older than their freshness (a cached page, a clock ahead) are fetched again once the page has hydrated
  void afterHydration().then(() => whenIdle(() => void refreshStale()));
  // in a transition React hydrates in slices of a few ms and gives the browser its turn between them (a click on
  // a part not yet hydrated hydrates that part first), instead of one long task of ~35 ms (~145 ms on a phone)
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider initialLang={ssr.lang} initialTheme={ssr.theme} queryClient={queryClient} serverStyles>
          <AppRouter router={router} />
          <HydrationEnd replay={earlyClick} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

/** Renders a page the server did not render (the account and admin areas, a client-side 404): the SPA's start. */
function renderClientPage() {
  const lang = detectLang(window.location);
  void initI18n(lang).then(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProvider initialLang={lang}>
          <AppRouter router={createAppRouter()} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

if (ssrElement) void hydrateServerPage();
else renderClientPage();
