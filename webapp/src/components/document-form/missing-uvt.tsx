/**
 * A document dated in a year without a UVT is refused by the server (modules/tax: "No UVT value
 * for 2027. An administrator must add it."), by its live quote and by its save. Alone, that
 * sentence leaves the person stuck; here it says what to do next: an administrator gets a link
 * to the page where the UVT is kept, anyone else is told to ask an administrator (only they may
 * add it: PUT /api/tax/uvt is theirs).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '@/lib/auth/store';
import { HttpError } from '@/lib/http';
import { matchTemplate } from '@/lib/server-messages';

/** The server's message, as modules/tax words it (MsgNoUVT). */
const NO_UVT = 'No UVT value for {{year}}. An administrator must add it.';

/** Where administrators keep the UVT of each year (the app's route of the UVT page). */
export const UVT_PATH = '/setting/uvt';

/** The year a failure says has no UVT, or undefined when it is another failure. */
export function missingUvtYear(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return matchTemplate(NO_UVT, error.serverError ?? '')?.year;
}

/** That `year` has no UVT, and the way forward for the signed-in role. */
export function MissingUvt({ year }: { year: string }) {
  const { t } = useTranslation('common');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  if (!isAdmin) return <span data-testid="missing-uvt">{t('documentForm.noUvt.askAdmin', { year })}</span>;
  return (
    <span data-testid="missing-uvt">
      {t('documentForm.noUvt.missing', { year })}{' '}
      <Link to={UVT_PATH} className="font-medium underline" data-testid="missing-uvt-link">
        {t('documentForm.noUvt.add', { year })}
      </Link>
    </span>
  );
}

/** A failure's text in the user's language, or, for a year without a UVT, MissingUvt. */
export function FailureMessage({ cause, text }: { cause: unknown; text: ReactNode }) {
  const year = missingUvtYear(cause);
  return year ? <MissingUvt year={year} /> : <>{text}</>;
}
