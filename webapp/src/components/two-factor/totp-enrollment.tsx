/** The QR image and the secret for manual entry. */
import { useTranslation } from 'react-i18next';

/** Shows what an authenticator app needs to enroll. */
export function TotpEnrollment({ qrCode, secret }: { qrCode: string; secret: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-3">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-muted">
        <li>{t('qr.step1')}</li>
        <li>{t('qr.step2')}</li>
      </ol>
      <div className="flex justify-center rounded-lg bg-white p-3">
        <img src={qrCode} alt={t('qr.imageAlt')} width={200} height={200} className="size-[200px]" />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium" id="totp-secret-label">
          {t('qr.secretLabel')}
        </p>
        <code
          data-testid="totp-secret"
          aria-labelledby="totp-secret-label"
          className="block select-all break-all rounded-md bg-hover px-3 py-2 font-mono text-sm tracking-wider"
        >
          {secret}
        </code>
      </div>
    </div>
  );
}
