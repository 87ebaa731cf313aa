/**
 * The dashboard's figures from GET /api/dashboard: KPI cards (sales and purchases this month to
 * date against the same days of last month — the caption says up to which day —, receivables,
 * payables, overdue), the twelve months' chart and, for
 * administrators, what waits for their decision, each kind linked to where it is decided.
 */
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart } from '@/components/chart/chart';
import { centsToDecimal, moneyFormat, numberLocale } from '@/components/form/money';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { LoadingState } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { useDashboard, type Dashboard } from '../api/dashboard';

/** Where the app sends each figure (undefined: the figure is not a link). */
export interface SummaryLinks {
  /** A KPI's report page: sales, purchases, receivables, payables, overdue. */
  kpi: (kpi: KpiName) => string | undefined;
  /** Where approvals of a kind ('purchases', 'sales', …) are decided. */
  approval: (kind: string) => string | undefined;
  /** Where a product of the quantity alerts is shown. */
  product: (alert: QuantityAlert) => string | undefined;
  /** Every quantity alert (the product_quantity_alert report). */
  alerts: string | undefined;
}

/** A good at or below its alert quantity (schema `QuantityAlert`). */
export type QuantityAlert = NonNullable<Dashboard['quantity_alerts']>[number];

/** The KPI cards. */
export type KpiName = 'sales' | 'purchases' | 'receivables' | 'payables' | 'overdue';

/** The change from last month's same days in basis points (whole numbers only), or null without a base. */
export function changeBasisPoints(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 10000) / Math.abs(before));
}

/**
 * A KPI's amount, read at a glance: whole pesos (rounded half away from zero), every card alike,
 * whether its figure has centavos (payables carry them from withholdings) or not. The exact
 * amount is its title (tooltip) and what a screen reader reads, so no centavo is hidden.
 */
export function GlanceAmount({ cents, testId }: { cents: number; testId?: string }) {
  const { i18n } = useTranslation();
  const money = moneyFormat(i18n.language);
  const whole = money.whole(cents);
  const exact = money.exact(cents);
  if (whole === exact) return <span data-testid={testId}>{whole}</span>;
  return (
    <span title={exact} data-exact={exact} data-testid={testId}>
      <span aria-hidden="true">{whole}</span>
      <span className="sr-only">{exact}</span>
    </span>
  );
}

function Kpi({
  name,
  cents,
  before,
  beforeTo,
  to,
  className,
  chars,
}: {
  name: KpiName;
  cents: number;
  /** The length of the longest figure of the cards, which sizes every card's figure (figureSize). */
  chars: number;
  /** Last month's figure up to the day beforeTo (YYYY-MM-DD), the same day as today's. */
  before?: number;
  beforeTo?: string;
  to?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const dates = useDates();
  const change = before === undefined ? null : changeBasisPoints(cents, before);
  const percent =
    change === null
      ? null
      : new Intl.NumberFormat(numberLocale(i18n.language), { maximumFractionDigits: 1, signDisplay: 'always' }).format(
          centsToDecimal(change) as Intl.StringNumericLiteral,
        );
  const body = (
    <Card className={cn('@container h-full min-w-0 space-y-1 p-3 sm:p-4', to && 'transition-colors hover:bg-hover', !to && className)} data-testid={`kpi-${name}`}>
      <p className="text-sm text-muted">{t(`kpis.${name}`)}</p>
      <p
        className={cn('leading-7 font-semibold whitespace-nowrap tabular-nums', name === 'overdue' && cents > 0 && 'text-danger')}
        style={{ fontSize: figureSize(chars) }}
      >
        <GlanceAmount cents={cents} testId="kpi-value" />
      </p>
      {before !== undefined && (
        <p className="text-xs text-muted">
          {/* The sentence around the amount: "Last month to 2026-10-26: $1,234,568". */}
          <Trans t={t} i18nKey="lastMonth" values={{ date: dates.date(beforeTo) }} components={{ amount: <GlanceAmount cents={before} testId="kpi-before" /> }} />
          {percent !== null && (
            <span className={cn('ms-1 whitespace-nowrap font-medium', change! >= 0 ? 'text-success' : 'text-danger')} data-testid="kpi-change">
              {percent} %
            </span>
          )}
        </p>
      )}
    </Card>
  );
  return to ? (
    <Link to={to} className={cn('block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary', className)}>
      {body}
    </Link>
  ) : (
    body
  );
}

/** The widest a character of a figure is, in em (a bold digit of a wide sans-serif, with room to spare). */
const CHAR_EM = 0.64;

/**
 * The font size of the KPI figures: text-xl while the card has room, smaller in a narrow card (five
 * in a row beside the sidebar), so that the longest figure — `chars` characters, "$ 56.682.735"
 * is 12 — is whole on one line inside its card (cqi: the card's width). Every card gets the same
 * size, the one the longest figure needs: the row reads as one.
 */
export function figureSize(chars: number): string {
  // Rounded down: never a hair wider than the card.
  return `min(1.25rem, ${Math.floor(10000 / (Math.max(chars, 1) * CHAR_EM)) / 100}cqi)`;
}

function MonthsChart({ months, wide }: { months: NonNullable<Dashboard['months']>; wide: boolean }) {
  const { t } = useTranslation('dashboard');
  const dates = useDates();
  const labels = useMemo(() => months.map((m) => dates.month(m.month)), [months, dates.language]);
  const series = useMemo(
    () => [
      { label: t('series.sales'), values: months.map((m) => m.sales_cents) },
      { label: t('series.purchases'), values: months.map((m) => m.purchases_cents) },
    ],
    [months, t],
  );
  const money = moneyFormat(dates.language);
  return (
    <Card className={cn('min-w-0 space-y-3 p-4', wide ? 'xl:col-span-3' : 'xl:col-span-2')} data-testid="dashboard-months">
      <h2 className="text-lg font-medium">{t('months')}</h2>
      <Chart
        type="bar"
        labels={labels}
        series={series}
        format={money.exact}
        formatAxis={money.axis}
        unit={money.currency}
        label={t('months')}
        height={260}
        testId="dashboard-chart"
      />
    </Card>
  );
}

function Approvals({ approvals, link }: { approvals: Record<string, number>; link: SummaryLinks['approval'] }) {
  const { t } = useTranslation('dashboard');
  const kinds = Object.entries(approvals);
  const waiting = kinds.reduce((n, [, count]) => n + count, 0);
  return (
    <Card className="space-y-3 p-4" data-testid="dashboard-approvals">
      <h2 className="text-lg font-medium">{t('approvals.title')}</h2>
      {waiting === 0 ? (
        <p className="text-sm text-muted">{t('approvals.none')}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {kinds.map(([kind, count]) => {
            const to = link(kind);
            const label = t(`approvals.kinds.${kind}`, { defaultValue: kind });
            return (
              <li key={kind} className="flex items-center justify-between gap-3 py-2" data-testid={`approvals-${kind}`}>
                {to && count > 0 ? (
                  <Link to={to} className="text-primary hover:underline">
                    {label}
                  </Link>
                ) : (
                  <span>{label}</span>
                )}
                <span className={cn('min-w-8 rounded-full px-2 text-center font-semibold tabular-nums', count > 0 ? 'bg-primary/15 text-primary' : 'text-muted')} data-testid="approvals-count">
                  {count}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The figures part of the dashboard. */
export function DashboardSummary({ links }: { links: SummaryLinks }) {
  const { t, i18n } = useTranslation('dashboard');
  const money = moneyFormat(i18n.language);
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingState />;
  if (dashboard.isError) return <Alert>{failureText(dashboard.error) ?? t('loadFailed')}</Alert>;
  const { kpis, months, approvals } = dashboard.data;
  const chars = Math.max(
    ...[kpis.sales_month_cents, kpis.purchases_month_cents, kpis.receivables_cents, kpis.payables_cents, kpis.overdue_cents].map((c) => money.whole(c).length),
  );
  return (
    <div className="space-y-4" data-testid="dashboard-summary">
      {/* One card a row on a phone (two side by side leave an amount too little room), two from sm. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <Kpi chars={chars} name="sales" cents={kpis.sales_month_cents} before={kpis.sales_last_month_cents} beforeTo={kpis.last_month_to} to={links.kpi('sales')} />
        <Kpi
          chars={chars}
          name="purchases"
          cents={kpis.purchases_month_cents}
          before={kpis.purchases_last_month_cents}
          beforeTo={kpis.last_month_to}
          to={links.kpi('purchases')}
        />
        <Kpi chars={chars} name="receivables" cents={kpis.receivables_cents} to={links.kpi('receivables')} />
        <Kpi chars={chars} name="payables" cents={kpis.payables_cents} to={links.kpi('payables')} />
        {/* Five cards in two columns leave the last alone: it takes the whole row until three fit. */}
        <Kpi chars={chars} name="overdue" cents={kpis.overdue_cents} to={links.kpi('overdue')} className="sm:col-span-2 lg:col-span-1" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        {months && months.length > 0 && <MonthsChart months={months} wide={!approvals} />}
        {approvals && <Approvals approvals={approvals} link={links.approval} />}
      </div>
    </div>
  );
}

/**
 * The quantity alerts card: the first alerts GET /api/dashboard gives (fewest in stock first),
 * how many there are, each product linked, and every alert on the product_quantity_alert page.
 * It reads the dashboard's query, so the live channel refreshes it with the figures.
 */
export function QuantityAlertsCard({ links }: { links: SummaryLinks }) {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  const alerts = dashboard.data?.quantity_alerts ?? [];
  const total = dashboard.data?.quantity_alerts_total ?? 0;
  return (
    <Card className="min-w-0 space-y-3" data-testid="quantity-alerts-card">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="text-lg font-medium">
          {t('alerts.title')}
          {dashboard.data && (
            <span className="ms-2 rounded-full bg-danger/15 px-2 text-sm font-semibold tabular-nums text-danger" data-testid="quantity-alerts-total">
              {total}
            </span>
          )}
        </h2>
        {links.alerts && (
          <Link to={links.alerts} className="text-sm text-primary hover:underline" data-testid="quantity-alerts-all">
            {t('alerts.seeAll')}
          </Link>
        )}
      </div>
      {dashboard.isPending && <LoadingState />}
      {dashboard.isError && <Alert>{failureText(dashboard.error) ?? t('loadFailed')}</Alert>}
      {dashboard.data && alerts.length === 0 && <p className="text-sm text-muted">{t('alerts.none')}</p>}
      {alerts.length > 0 && (
        // On a phone the table scrolls inside the card, never the dashboard.
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('alerts.title')}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pe-2 text-start font-medium">{t('alerts.product')}</th>
                <th scope="col" className="py-1 pe-2 text-end font-medium">{t('alerts.quantity')}</th>
                <th scope="col" className="py-1 text-end font-medium">{t('alerts.alertQuantity')}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => {
                const to = links.product(a);
                const name = (
                  <>
                    <span className="me-2 font-mono text-xs text-muted">{a.code}</span>
                    {a.name}
                  </>
                );
                return (
                  <tr key={a.product_id} className="border-t border-line" data-testid="quantity-alert-row">
                    <td className="py-1 pe-2">
                      {to ? (
                        <Link to={to} className="text-primary hover:underline" data-testid="quantity-alert-link">
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                    </td>
                    <td className="py-1 pe-2 text-end font-medium tabular-nums text-danger">{a.quantity}</td>
                    <td className="py-1 text-end tabular-nums">{a.alert_quantity}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {total > alerts.length && <p className="text-xs text-muted">{t('alerts.shown', { shown: alerts.length, total })}</p>}
    </Card>
  );
}
