/** /activate: an administrator turns a disabled site back on. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { PasswordField } from '@/components/ui/password-field';
import { failureText } from '@/lib/form-errors';
import { HttpError } from '@/lib/api';
import { useSiteStatusStore } from '@/lib/site-status';
import { toast } from '@/lib/toast';
import { useActivateSite } from '../api/activate-site';

const schema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'auth:validation.usernameRequired')),
  password: z.string().check(z.minLength(1, 'auth:validation.passwordRequired')),
});

/** The activation page. */
export function ActivatePage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const activate = useActivateSite();
  const setStatus = useSiteStatusStore((s) => s.setStatus);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await activate.mutateAsync(values);
    } catch (error) {
      setFailure(error instanceof HttpError ? (failureText(error) ?? t('activate.failed')) : t('activate.failed'));
      return;
    }
    setStatus('enabled');
    toast.success(t('activate.success'));
    navigate('/login', { replace: true });
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="card w-full max-w-md space-y-6 p-8">
        <div className="space-y-1">
          <PageTitle>{t('activate.title')}</PageTitle>
          <p className="text-sm text-muted">{t('activate.subtitle')}</p>
        </div>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label={t('activate.username')}
            autoComplete="username"
            autoFocus
            error={errors.username?.message ? t(errors.username.message) : undefined}
            {...register('username')}
          />
          <PasswordField
            label={t('activate.password')}
            autoComplete="current-password"
            error={errors.password?.message ? t(errors.password.message) : undefined}
            {...register('password')}
          />
          {failure && <Alert>{failure}</Alert>}
          <Button type="submit" busy={activate.isPending} className="w-full">
            {t('activate.submit')}
          </Button>
        </form>
        <Link to="/disabled" className="block text-center text-sm text-primary hover:underline">
          {t('activate.back')}
        </Link>
      </div>
    </main>
  );
}
