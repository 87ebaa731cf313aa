/** /qr: first-time two-factor set-up of a pending sign-in (spec §4 step 3). */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { readPending } from '@/lib/auth/pending';
import { twoFactorFailureMessage, useAuthStore } from '@/lib/auth/store';
import { useTwoFactorQr } from '../api/two-factor-qr';
import { AuthCard } from '../components/auth-card';
import { OtpForm } from '@/components/two-factor/otp-form';
import { TotpEnrollment } from '@/components/two-factor/totp-enrollment';
import { redirectQuery } from '../redirect-query';

/** The QR set-up page. */
export function QrPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = readPending().token;
  const verify = useAuthStore((s) => s.verifyTwoFactor);
  const qr = useTwoFactorQr(token);
  if (!token) return <Navigate to={`/login${redirectQuery(params)}`} replace />;
  return (
    <AuthCard title={t('qr.title')} subtitle={t('qr.subtitle')}>
      {qr.isPending && <LoadingState />}
      {qr.isError && (
        <div className="space-y-3">
          <Alert testId="qr-error">{t('errors.qrFailed')}</Alert>
          <Button variant="secondary" onClick={() => void qr.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      {qr.data && (
        <>
          <TotpEnrollment qrCode={qr.data.qr_code} secret={qr.data.secret} />
          <OtpForm
            submitLabel={t('qr.submit')}
            onSubmit={async (code) => {
              try {
                await verify(code);
              } catch (error) {
                throw new Error(twoFactorFailureMessage(error));
              }
            }}
          />
        </>
      )}
      <Link to={`/login${redirectQuery(params)}`} className="block text-center text-sm text-primary hover:underline">
        {t('backToLogin')}
      </Link>
    </AuthCard>
  );
}
