/**
 * What a rejected document says at the top of its form: who decided, why, and what to do now —
 * by default correct it and save, which sends it again for approval (the server puts it back to
 * pending); DocumentForm shows it for its `rejection`.
 */
import { useTranslation } from 'react-i18next';

/** The rejection banner: the reason, and `next` (default: correct it and save) as the way forward. */
export function RejectedBanner({ reason, next }: { reason: string | undefined; next?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm" data-testid="rejection-banner">
      <p className="font-medium text-danger">{t('documentForm.rejectedTitle')}</p>
      <p className="mt-1 text-fg">
        {t('documentForm.rejectedReason')} <q data-testid="rejection-reason">{reason?.trim() || t('documentForm.noReason')}</q>
      </p>
      <p className="mt-1 text-muted">{next ?? t('documentForm.rejectedNext')}</p>
    </div>
  );
}
