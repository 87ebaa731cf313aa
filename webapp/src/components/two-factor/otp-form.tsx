/** The 6-digit one-time-code form used by /verification, /qr and the 2FA settings tab. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

/** Spec §5: required ('Digital number Required'), exactly 6 digits ('Must be exactly 6 digits'). */
export const otpSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'validation.otpRequired'), z.regex(/^\d{6}$/, 'validation.otpSixDigits')),
});

/** Props of OtpForm. */
export interface OtpFormProps {
  /** Resolves on success; rejects with an Error whose message is shown. */
  onSubmit: (code: string) => Promise<void>;
  submitLabel: string;
}

/** Code field + submit, with client validation and the server's failure message. */
export function OtpForm({ onSubmit, submitLabel }: OtpFormProps) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof otpSchema>>({ resolver: zodResolver(otpSchema), defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onSubmit(code);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('errors.invalidOtp'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('otp.label')}
        hint={t('otp.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        data-testid="otp-input"
        error={errors.code?.message ? t(errors.code.message) : undefined}
        {...register('code')}
      />
      {failure && <Alert testId="otp-error">{failure}</Alert>}
      <Button type="submit" busy={isSubmitting} data-testid="otp-submit" className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
