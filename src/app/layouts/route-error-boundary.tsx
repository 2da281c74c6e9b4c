import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { RenderError } from '../../components/errors/render-error.tsx';
import NotFound from '../routes/public/not-found.tsx';

/** Router error element: 404 responses show the not-found page, anything else the render-error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RenderError error={error} />;
}
