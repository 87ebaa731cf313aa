/** /disabled: the site is switched off; re-check the status or go activate it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { failureText } from '@/lib/form-errors';
import { fetchSiteStatus, useSiteStatusStore } from '@/lib/site-status';

/** The site-disabled page. */
export function DisabledPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const setStatus = useSiteStatusStore((s) => s.setStatus);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);

  const recheck = async () => {
    setChecking(true);
    setNote(null);
    try {
      const status = await fetchSiteStatus();
      setStatus(status);
      if (status === 'enabled') {
        navigate('/login', { replace: true });
        return;
      }
      setNote({ tone: 'info', text: t('disabled.stillDisabled') });
    } catch (error) {
      setNote({ tone: 'error', text: failureText(error) ?? t('disabled.checkFailed') });
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="card w-full max-w-lg space-y-5 p-8 text-center">
        <PageTitle>{t('disabled.title')}</PageTitle>
        <p className="text-muted">{t('disabled.message')}</p>
        {note && (
          <Alert tone={note.tone} className="text-start">
            {note.text}
          </Alert>
        )}
        <div className="flex flex-wrap justify-center gap-3">
          <Button busy={checking} onClick={() => void recheck()}>
            {t('disabled.recheck')}
          </Button>
          <Link
            to="/activate"
            className="inline-flex items-center rounded-md border border-line px-4 py-2 text-sm font-medium hover:bg-hover"
          >
            {t('disabled.activate')}
          </Link>
        </div>
      </div>
    </main>
  );
}
