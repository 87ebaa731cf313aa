/** /settings/password: current, new and confirmation (spec §5 messages). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdatePassword } from '../api/update-password';

/** Same rule as the server: at least 8 characters with upper case, lower case and a special character. */
export const passwordSchema = z
  .object({
    current_password: z.string().check(z.minLength(1, 'validation.currentRequired')),
    password: z
      .string()
      .check(
        z.minLength(8, 'validation.passwordMin'),
        z.refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /[^A-Za-z0-9]/.test(v), 'validation.passwordComplexity'),
      ),
    password_confirmation: z.string(),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'validation.passwordsMismatch',
      path: ['password_confirmation'],
    }),
  );

type Values = z.infer<typeof passwordSchema>;
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** The password change form. */
export function PasswordTab() {
  const { t } = useTranslation('settings');
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      reset();
      toast.success(t('password.saved'));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast.error(t('password.failed'), failureText(error));
    }
  });

  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <h2 className="text-lg font-medium">{t('password.title')}</h2>
      <PasswordField label={t('password.current')} autoComplete="current-password" error={message(errors.current_password?.message)} {...register('current_password')} />
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        hint={t('password.rule')}
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        error={message(errors.password_confirmation?.message)}
        {...register('password_confirmation')}
      />
      <Button type="submit" busy={update.isPending}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
