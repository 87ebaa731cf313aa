/** Dashboard card 'Expiries in 5 days': purchases with a balance due within 5 days (GET /api/purchases/expiring). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCop } from '@/components/form/money';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { useExpiringPurchases } from '../api/purchases';

/** How many rows the card lists. */
const SHOWN = 8;

/** The card. */
export function ExpiringPurchasesCard() {
  const { t } = useTranslation('purchasing');
  const dates = useDates();
  const expiring = useExpiringPurchases();
  return (
    <Card className="space-y-3" data-testid="expiring-purchases-card">
      <h2 className="text-lg font-medium">{t('expiring.title')}</h2>
      {expiring.isPending && <LoadingState />}
      {expiring.isError && <Alert>{failureText(expiring.error) ?? t('loadFailed')}</Alert>}
      {expiring.data && expiring.data.length === 0 && <p className="text-sm text-muted">{t('expiring.none')}</p>}
      {expiring.data && expiring.data.length > 0 && (
        // On a phone the table scrolls inside the card, never the dashboard. Every column but the
        // last keeps a gap on its end side: "(in 2 days)" never touches the balance.
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pe-3 text-start font-medium">{t('fields.referenceNo')}</th>
                <th scope="col" className="py-1 pe-3 text-start font-medium">{t('fields.supplier')}</th>
                <th scope="col" className="py-1 pe-3 text-start font-medium">{t('fields.dueDate')}</th>
                <th scope="col" className="py-1 text-end font-medium">{t('fields.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {expiring.data.slice(0, SHOWN).map((p) => (
                <tr key={p.id} className="border-t border-line" data-testid="expiring-purchase-row">
                  <td className="py-1 pe-3">
                    <Link to={`/purchase/edit/${p.id}`} className="text-primary hover:underline">
                      {p.reference_no}
                    </Link>
                  </td>
                  <td className="py-1 pe-3">{p.supplier_name}</td>
                  <td className="py-1 pe-3 whitespace-nowrap">
                    {dates.date(p.due_date.slice(0, 10))} <span className="text-xs text-muted">({t('expiring.daysLeft', { count: p.days_left })})</span>
                  </td>
                  <td className="py-1 text-end font-medium tabular-nums">{formatCop(p.totals.balance_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
