import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import esArchive from '@/locales/es/archive.json';
import esServer from '@/locales/es/server-messages.json';
import { PreviewCard } from './preview-card';

beforeAll(async () => {
  if (!i18n.isInitialized) await i18n.init({ lng: 'es', resources: {}, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('es', 'archive', esArchive);
  i18n.addResourceBundle('es', 'server-messages', esServer);
  await i18n.changeLanguage('es');
});

describe('PreviewCard', () => {
  it("shows why a record cannot be deleted in the user's language, and does not let it be picked", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PreviewCard
          picked={null}
          onToggle={() => {}}
          preview={{
            kind: 'purchase_orders',
            count: 0,
            total_cents: 0,
            dependents: 0,
            blocked: 1,
            records: [
              {
                id: 11,
                company_id: 1,
                number: 'PO-000011',
                party: 'Colombiana 2 L',
                date: '2026-11-26',
                amount_cents: 133200000,
                blocked: 'Purchase order cannot be deleted: its received order RO-000001 is invoiced by purchase FE-01742.',
                dependents: [{ kind: 'received_order', id: 1, number: 'RO-000001', party: 'Colombiana 2 L', amount_cents: 53280000, selected: false }],
              },
            ],
          }}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('La orden de compra no se puede eliminar: su orden recibida RO-000001 está facturada en la compra FE-01742.')).toBeTruthy();
    expect(screen.getByText(/Orden recibida RO-000001/)).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows the total of documents, and no money line for master data, which carries no amount', () => {
    const record = { id: 5, company_id: 1, number: 'CC 1020304050', party: 'Cliente sin ventas', date: '2026-11-26', amount_cents: 0, blocked: '', dependents: [] };
    const records = [record];
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <PreviewCard picked={null} onToggle={() => {}} preview={{ kind: 'customers', count: 1, total_cents: null, dependents: 0, blocked: 0, records }} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('preview-total')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByTestId('preview-count').textContent).toBe('1');
    unmount();
    render(
      <I18nextProvider i18n={i18n}>
        <PreviewCard
          picked={null}
          onToggle={() => {}}
          preview={{ kind: 'purchases', count: 1, total_cents: 120000000, dependents: 0, blocked: 0, records: [{ ...record, number: 'FV-001', amount_cents: 120000000 }] }}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('preview-total').textContent).toMatch(/1\.200\.000/);
  });
});
