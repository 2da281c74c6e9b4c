import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { DocumentHead } from '../../features/settings/components/document-head.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { HydrationEnd } from '../../components/ui/deferred.tsx';
import { LocaleSync } from '../locale-sync.tsx';

/** Top of every screen: URL → language/theme sync, <head> upkeep, scroll restoration, the end of hydration. */
export function RootLayout() {
  return (
    <>
      <LocaleSync />
      <DocumentHead />
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        {/* after the page, in its boundary: a server-rendered page counts as hydrated once the page itself is */}
        <HydrationEnd />
      </Suspense>
    </>
  );
}
