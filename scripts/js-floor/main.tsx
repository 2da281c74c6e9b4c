// The smallest app this stack can hydrate: one provider of each library the product is fixed on.
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Outlet, Link } from 'react-router-dom';
import { ChakraProvider, createSystem, defaultBaseConfig, Box, Button, Heading } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';

const system = createSystem(defaultBaseConfig);
void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hi: 'Hi' } } } });
function Page() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['x'], queryFn: () => fetch('/x').then((r) => r.json()) });
  return <Box><Heading>{t('hi')}</Heading><Button>{String(q.data)}</Button><Link to="/a">a</Link><Outlet /></Box>;
}
const router = createBrowserRouter([{ path: '/', element: <Page /> }]);
hydrateRoot(document.getElementById('root')!, (
  <QueryClientProvider client={new QueryClient()}>
    <CacheProvider value={createCache({ key: 'css' })}>
      <ChakraProvider value={system}><RouterProvider router={router} /></ChakraProvider>
    </CacheProvider>
  </QueryClientProvider>
));
