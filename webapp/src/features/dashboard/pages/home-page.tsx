/**
 * /dashboards/home: greeting with the user's name, role and company, the figures of
 * GET /api/dashboard (KPIs, twelve months, approvals waiting; components/summary), the widgets
 * of other modules the app hands in (the 'Expiries in 5 days' card, quantity alerts; a notice
 * above the figures, such as the administrators' missing UVT) and cards for what exists.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { useAuthStore } from '@/lib/auth/store';
import { displayName } from '@/lib/auth/types';
import { DashboardSummary, type SummaryLinks } from '../components/summary';

/** A link card on the dashboard. */
export interface DashboardCard {
  to: string;
  title: string;
  description: string;
  icon: IconName;
}

/** The dashboard page. */
export function HomePage({
  cards,
  widgets,
  summary,
  notice,
}: {
  cards: DashboardCard[];
  widgets?: ReactNode;
  summary?: SummaryLinks;
  /** A short message of another module above the figures (an administrator's missing UVT). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <PageTitle documentTitle={t('title')}>{t('greeting', { name: displayName(user) })}</PageTitle>
        <p className="text-muted">
          {t('signedInAs', { role: t(`layout:roles.${user.role}`), company: user.company_name || t('noCompany') })}
        </p>
      </div>
      {notice}
      {summary && <DashboardSummary links={summary} />}
      {widgets}
      <section aria-labelledby="dashboard-shortcuts" className="space-y-3">
        <h2 id="dashboard-shortcuts" className="text-lg font-medium">
          {t('shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <Card className="flex h-full items-start gap-4 transition-colors hover:bg-hover">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                    <Icon name={card.icon} />
                  </span>
                  <span>
                    <span className="block font-medium">{card.title}</span>
                    <span className="block text-sm text-muted">{card.description}</span>
                  </span>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
