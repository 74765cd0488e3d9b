import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../error-screen';
import { NotFoundRoute } from './not-found';

/** The route errorElement: a 404 response shows the not-found page, anything else the error screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundRoute />;
    return <ErrorScreen message={`${error.status} ${error.statusText}`} />;
  }
  return <ErrorScreen message={error instanceof Error ? error.message : undefined} />;
}
