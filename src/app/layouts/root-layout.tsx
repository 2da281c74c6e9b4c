import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { PageHydrated, useHydrated } from '../../components/ui/deferred.tsx';
import { loadWhenOnline } from '../../lib/network-status.ts';
import { LocaleSync } from '../locale-sync.tsx';

// The <head> upkeep (favicons, description, canonical and language links as the reader navigates) loads after the
// page is interactive: the server wrote a server-rendered page's head, and it renders nothing (decision 063).
const DocumentHead = lazy(() => loadWhenOnline(() => import('../../features/settings/components/document-head-sync.tsx')).then((m) => ({ default: m.DocumentHead })));

/** `DocumentHead` from the first render after hydration on (at once on a client-rendered page). */
function LateDocumentHead() {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}><DocumentHead /></Suspense> : null;
}

/** Top of every screen: URL → language/theme sync, <head> upkeep, scroll restoration. */
export function RootLayout() {
  return (
    <>
      <LocaleSync />
      <LateDocumentHead />
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        {/* after the page, in its boundary: React hydrates this boundary after the shell (afterHydration) */}
        <PageHydrated />
      </Suspense>
    </>
  );
}
