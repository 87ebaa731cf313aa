/** Shown when initialization stopped because the site status could not be read. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { initializeApp, useBootStore } from './bootstrap';

/** The "cannot reach the server" screen with a retry. */
export function BootFailure() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const busy = useBootStore((s) => s.state === 'pending');
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md space-y-4">
        <h1 data-testid="page-title" className="text-xl font-semibold">
          {t('boot.title')}
        </h1>
        <Alert>{t('boot.message')}</Alert>
        <Button busy={busy} onClick={() => void initializeApp(location.pathname)}>
          {t('actions.retry')}
        </Button>
      </Card>
    </main>
  );
}
