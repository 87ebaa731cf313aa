/** /login (spec §4 steps 1–4). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { useAuthStore } from '@/lib/auth/store';
import { AuthCard } from '../components/auth-card';
import { redirectQuery } from '../redirect-query';

const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'validation.usernameRequired')),
  password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
});

/** The sign-in page. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useAuthStore((s) => s.login);
  const isLoading = useAuthStore((s) => s.isLoading);
  const errorMessage = useAuthStore((s) => s.errorMessage);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    const outcome = await login(values);
    const query = redirectQuery(params);
    if (outcome === 'verification') navigate(`/verification${query}`);
    else if (outcome === 'qr') navigate(`/qr${query}`);
    // 'signed-in': the guest-only gate sends the visitor to the redirect target.
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          data-testid="login-username"
          error={errors.username?.message ? t(errors.username.message) : undefined}
          {...register('username')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          data-testid="login-password"
          error={errors.password?.message ? t(errors.password.message) : undefined}
          {...register('password')}
        />
        {errorMessage && <Alert testId="login-error">{errorMessage}</Alert>}
        <Button type="submit" busy={isLoading} data-testid="login-submit" className="w-full">
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
