/** The centered card the sign-in pages share, with the language switcher at hand. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { PageTitle } from '@/components/ui/page-title';

/** Frame of /login, /verification and /qr. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-surface p-4">
      <div className="flex w-full max-w-md items-center justify-between">
        <span className="text-lg font-semibold">{t('appName')}</span>
        <LanguageSwitcher compact />
      </div>
      <div className="card w-full max-w-md space-y-6 p-8">
        <div className="space-y-1">
          <PageTitle>{title}</PageTitle>
          {subtitle && <p className="text-sm text-muted">{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  );
}
