import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { DASHBOARD_PATH, type Dashboard } from '../api/dashboard';
import { changeBasisPoints, DashboardSummary, figureSize } from './summary';

describe('change against last month', () => {
  it('is in whole basis points, signed, and absent without a base', () => {
    expect(changeBasisPoints(123_45, 100_00)).toBe(2345);
    expect(changeBasisPoints(87_654_321_00, 99_999_999_00)).toBe(-1235);
    expect(changeBasisPoints(0, 5_00)).toBe(-10000);
    expect(changeBasisPoints(5_00, 0)).toBeNull();
  });
});

describe('the KPI figures', () => {
  it('are text-xl with room, else as large as lets the longest figure fit its card', () => {
    expect(figureSize(15)).toBe('min(1.25rem, 10.41cqi)');
    // 15 characters of at most 0.64 em each at 10.41 % of the card's width fill at most the card.
    expect(15 * 0.64 * 10.41).toBeLessThanOrEqual(100);
    expect(figureSize(0)).toBe('min(1.25rem, 156.25cqi)');
  });
});

/** The dashboard of the defect: payables carry centavos from withholdings, the other figures do not. */
const figures: Dashboard = {
  kpis: {
    month_to: '2026-11-26',
    last_month_to: '2026-10-26',
    sales_month_cents: 1_234_567_00,
    sales_last_month_cents: 1_000_000_50,
    purchases_month_cents: 98_765_00,
    purchases_last_month_cents: 0,
    receivables_cents: 12_345_678_00,
    payables_cents: 45_762_298_23,
    overdue_cents: 7_500_00,
  },
  months: [],
  approvals: null,
  quantity_alerts: [],
  quantity_alerts_total: 0,
};

function renderSummary() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData([DASHBOARD_PATH], figures);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardSummary links={{ kpi: () => undefined, approval: () => undefined, product: () => undefined, alerts: undefined }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');
/** What a card shows: the text a person sees (aria-hidden parts included, the screen reader's text left out). */
const shown = (el: HTMLElement) => plain((el.querySelector('[aria-hidden="true"]') ?? el).textContent);

describe('the KPI cards', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('show every figure in whole pesos, the exact amount in the title and for screen readers', () => {
    renderSummary();
    const payables = within(screen.getByTestId('kpi-payables')).getByTestId('kpi-value');
    // Rounded half away from zero: ,23 goes down.
    expect(shown(payables)).toBe('$ 45.762.298');
    expect(plain(payables.getAttribute('title'))).toBe('$ 45.762.298,23');
    expect(plain(within(payables).getByText(/,23$/).textContent)).toBe('$ 45.762.298,23');
    expect(within(payables).getByText(/,23$/).className).toContain('sr-only');
    // Every card alike: no centavos shown on any of them.
    for (const kpi of ['sales', 'purchases', 'receivables', 'payables', 'overdue']) {
      expect(shown(within(screen.getByTestId(`kpi-${kpi}`)).getByTestId('kpi-value'))).toMatch(/^\$ \d{1,3}(\.\d{3})*$/);
    }
    // A figure without centavos has nothing more to say.
    expect(within(screen.getByTestId('kpi-sales')).getByTestId('kpi-value').getAttribute('title')).toBeNull();
    // Last month's figure too: ,50 goes up.
    const before = within(screen.getByTestId('kpi-sales')).getByTestId('kpi-before');
    expect(shown(before)).toBe('$ 1.000.001');
    expect(plain(before.getAttribute('title'))).toBe('$ 1.000.000,50');
    expect(plain(before.parentElement!.textContent)).toMatch(/^Mes pasado al 26\/10\/2026: /);
  });

  it('write pesos as the interface language does', async () => {
    await i18n.changeLanguage('en');
    renderSummary();
    const payables = within(screen.getByTestId('kpi-payables')).getByTestId('kpi-value');
    expect(shown(payables)).toBe('$45,762,298');
    expect(plain(payables.getAttribute('title'))).toBe('$45,762,298.23');
    const before = within(screen.getByTestId('kpi-sales')).getByTestId('kpi-before');
    expect(plain(before.parentElement!.firstChild!.textContent)).toBe('Last month to 2026-10-26: ');
    expect(shown(before)).toBe('$1,000,001');
  });
});
