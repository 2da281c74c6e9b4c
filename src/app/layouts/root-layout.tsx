import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { DocumentHead } from '../../features/settings/components/document-head.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { PageHydrated } from '../../components/ui/deferred.tsx';
import { LocaleSync } from '../locale-sync.tsx';

/** Top of every screen: URL → language/theme sync, <head> upkeep, scroll restoration. */
export function RootLayout() {
  return (
    <>
      <LocaleSync />
      <DocumentHead />
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        {/* after the page, in its boundary: React hydrates this boundary after the shell (afterHydration) */}
        <PageHydrated />
      </Suspense>
    </>
  );
}
