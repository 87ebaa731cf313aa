/** The standard not-found page: also what pages of not-yet-built modules show. */
import { StatusErrorPage } from './status-error-page';

/** 404 page. */
export function NotFoundPage() {
  return <StatusErrorPage status={404} />;
}
