import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last line of defence when a page fails to render or its code cannot be loaded (for example after a
 * new deployment replaced the old chunks): say so and offer a reload instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">Something went wrong</h1>
      <p className="text-body-secondary">This page could not be shown ({detail}).</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
