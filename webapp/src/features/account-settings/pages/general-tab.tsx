/** /settings/general: first/last name, email, phone. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useAuthStore } from '@/lib/auth/store';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

const schema = z.object({
  first_name: z.string().check(z.trim(), z.minLength(1, 'validation.firstNameRequired'), z.maxLength(100)),
  last_name: z.string().check(z.trim(), z.minLength(1, 'validation.lastNameRequired'), z.maxLength(100)),
  email: z.union([z.literal(''), z.email('validation.emailInvalid')]),
  phone: z.string().check(z.trim(), z.maxLength(30), z.regex(/^[0-9+\-\s()]*$/, 'validation.phoneInvalid')),
});

type Values = z.infer<typeof schema>;
const FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;

/** The profile form. */
export function GeneralTab() {
  const { t } = useTranslation('settings');
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      setUser(saved);
      reset({ first_name: saved.first_name, last_name: saved.last_name, email: saved.email, phone: saved.phone });
      toast.success(t('general.saved'));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast.error(t('general.failed'), failureText(error));
    }
  });

  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-medium">{t('general.title')}</h2>
      <p className="text-sm text-muted">
        {t('general.username')}: <span className="font-medium text-fg">{user?.username}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('general.firstName')} autoComplete="given-name" error={message(errors.first_name?.message)} {...register('first_name')} />
        <TextField label={t('general.lastName')} autoComplete="family-name" error={message(errors.last_name?.message)} {...register('last_name')} />
        <TextField label={t('general.email')} type="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
        <TextField label={t('general.phone')} type="tel" autoComplete="tel" error={message(errors.phone?.message)} {...register('phone')} />
      </div>
      <Button type="submit" busy={update.isPending}>
        {t('common:actions.save')}
      </Button>
    </form>
  );
}
