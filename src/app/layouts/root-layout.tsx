import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { DocumentHead } from '../../features/settings/components/document-head.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
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
      </Suspense>
    </>
  );
}
