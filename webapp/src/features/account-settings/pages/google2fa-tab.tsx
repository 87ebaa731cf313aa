/**
 * /settings/google2fa: enable (QR + secret + code → /api/auth/2fa/enable) or disable (password →
 * /api/auth/2fa/disable) Google Authenticator.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { OtpForm } from '@/components/two-factor/otp-form';
import { TotpEnrollment } from '@/components/two-factor/totp-enrollment';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { useAuthStore } from '@/lib/auth/store';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDisableTwoFactor, useEnableTwoFactor, useStartEnrollment } from '../api/two-factor';

/** The two-factor tab. */
export function Google2faTab() {
  const { t } = useTranslation('settings');
  const enabled = useAuthStore((s) => s.user?.enable_google2fa ?? false);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-medium">{t('google2fa.title')}</h2>
      <p className="text-sm">
        {t('google2fa.status')}:{' '}
        <span data-testid="google2fa-status" className={enabled ? 'font-medium text-success' : 'font-medium text-muted'}>
          {enabled ? t('google2fa.enabled') : t('google2fa.disabled')}
        </span>
      </p>
      {enabled ? <DisableForm /> : <EnableFlow />}
    </div>
  );
}

function EnableFlow() {
  const { t } = useTranslation('settings');
  const setUser = useAuthStore((s) => s.setUser);
  const start = useStartEnrollment();
  const enable = useEnableTwoFactor();

  if (!start.data) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">{t('google2fa.enableHelp')}</p>
        {start.isError && <Alert>{t('auth:errors.qrFailed')}</Alert>}
        <Button busy={start.isPending} onClick={() => start.mutate()}>
          {t('google2fa.enable')}
        </Button>
      </div>
    );
  }
  return (
    <div className="max-w-md space-y-4">
      <TotpEnrollment qrCode={start.data.qr_code} secret={start.data.secret} />
      <OtpForm
        submitLabel={t('google2fa.confirm')}
        onSubmit={async (code) => {
          try {
            const user = await enable.mutateAsync(code);
            setUser(user);
            start.reset();
            toast.success(t('google2fa.enabledToast'));
          } catch (error) {
            throw new Error(failureText(error) ?? t('auth:errors.invalidOtp'));
          }
        }}
      />
      <Button variant="ghost" onClick={() => start.reset()}>
        {t('common:actions.cancel')}
      </Button>
    </div>
  );
}

const disableSchema = z.object({ password: z.string().check(z.minLength(1, 'auth:validation.passwordRequired')) });

function DisableForm() {
  const { t } = useTranslation('settings');
  const setUser = useAuthStore((s) => s.setUser);
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof disableSchema>>({ resolver: zodResolver(disableSchema), defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    try {
      setUser(await disable.mutateAsync(password));
      toast.success(t('google2fa.disabledToast'));
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['password'])) {
        toast.error(t('google2fa.disableFailed'), failureText(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <p className="text-sm text-muted">{t('google2fa.disableHelp')}</p>
      <PasswordField
        label={t('google2fa.password')}
        autoComplete="current-password"
        error={errors.password?.message ? t(errors.password.message, { defaultValue: errors.password.message }) : undefined}
        {...register('password')}
      />
      <Button type="submit" variant="danger" busy={disable.isPending}>
        {t('google2fa.disable')}
      </Button>
    </form>
  );
}
