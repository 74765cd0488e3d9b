import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk-load';
import { ErrorScreen } from '../error-screen';
import { NotFoundRoute } from './not-found';

/**
 * The route errorElement: a 404 response shows the not-found page, a page that did not load (its
 * chunk) says so in plain words, anything else the error screen with its message.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundRoute />;
    return <ErrorScreen message={`${error.status} ${error.statusText}`} />;
  }
  if (isChunkLoadError(error)) return <ErrorScreen loadFailed />;
  return <ErrorScreen message={error instanceof Error ? error.message : undefined} />;
}
