/** Error pages for 401, 404, 429 and 500 (spec §2). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';

/** Statuses with their own page. */
export type ErrorStatus = 401 | 404 | 429 | 500;

/** A full error page with a link home. */
export function StatusErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation('errors');
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="card w-full max-w-lg space-y-4 p-8 text-center">
        <p className="text-6xl font-bold text-primary" aria-hidden="true">
          {status}
        </p>
        <PageTitle className="text-xl">{t(`status.${status}.title`)}</PageTitle>
        <p className="text-muted">{t(`status.${status}.message`)}</p>
        <Link
          to="/"
          className="inline-block rounded-md bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
        >
          {t('backHome')}
        </Link>
      </div>
    </div>
  );
}
