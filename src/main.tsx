import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { appRoutes, AppRouter, createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { afterHydration, beginHydration, HydrationEnd } from './components/ui/deferred.tsx';
import { getSystem } from './components/ui/system.ts';
import { initI18n } from './lib/i18n.ts';
import { detectLang } from './lib/browser-language.ts';
import { createQueryClient } from './lib/query-client.ts';
import { hydrateQueries, takeSsrState } from './lib/ssr-state.ts';
import { whenIdle } from './lib/when-idle.ts';

const container = document.getElementById('root')!;

declare global {
  interface Window {
    /** Set by src/inline/scripts-after-paint.js on a server-rendered page: the last control clicked before hydration. */
    dalilEarlyClick?: { take(): Element | null };
  }
}

/** Resolves in a new task (after anything already queued, a paint included): a long piece of work ends there. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const ssr = takeSsrState();

if (ssr) {
  // A public page the server rendered (decision 019): hydrate it from the same inputs — its language,
  // theme, the queries' answers and the route modules it matched — so the first render matches the HTML.
  const queryClient = createQueryClient();
  // as on the server: a query that failed there (a 404) shows its error at once instead of a new attempt
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const refreshStale = hydrateQueries(queryClient, ssr.queries);
  void Promise.all([initI18n(ssr.lang), loadMatchedRoutes(appRoutes, window.location)]).then(async () => {
    // Chakra's system in a task of its own, between the modules' evaluation and the hydration: shorter tasks
    // instead of one long one on a phone's main thread (decision 037)
    await nextTask();
    getSystem();
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
  });
} else {
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
