/** /verification: one-time code of a pending sign-in (spec §4 step 5). */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { readPending } from '@/lib/auth/pending';
import { twoFactorFailureMessage, useAuthStore } from '@/lib/auth/store';
import { AuthCard } from '../components/auth-card';
import { OtpForm } from '@/components/two-factor/otp-form';
import { redirectQuery } from '../redirect-query';

/** The code entry page. */
export function VerificationPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const verify = useAuthStore((s) => s.verifyTwoFactor);
  if (!readPending().token) return <Navigate to={`/login${redirectQuery(params)}`} replace />;
  return (
    <AuthCard title={t('verification.title')} subtitle={t('verification.subtitle')}>
      <OtpForm
        submitLabel={t('verification.submit')}
        onSubmit={async (code) => {
          try {
            await verify(code);
          } catch (error) {
            throw new Error(twoFactorFailureMessage(error));
          }
        }}
      />
      <Link to={`/login${redirectQuery(params)}`} className="block text-center text-sm text-primary hover:underline">
        {t('backToLogin')}
      </Link>
    </AuthCard>
  );
}
