/**
 * The route errorElement (spec §2): shows the error's status text or message, else
 * 'Unexpected error'. Bundled eagerly because it must work when a lazy chunk fails to load.
 */
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** The message to show for a thrown route error. */
export function routeErrorMessage(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (error.statusText) return error.statusText;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') return data.message;
    return typeof data === 'string' && data ? data : undefined;
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** Error element of the root and layout routes. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="card w-full max-w-lg space-y-4 p-8 text-center">
        {status !== undefined && <p className="text-5xl font-bold text-primary">{status}</p>}
        <h1 data-testid="page-title" className="text-xl font-semibold">
          {routeErrorMessage(error) ?? t('unexpected')}
        </h1>
        <Link to="/" className="inline-block text-primary underline-offset-4 hover:underline">
          {t('backHome')}
        </Link>
      </div>
    </main>
  );
}
