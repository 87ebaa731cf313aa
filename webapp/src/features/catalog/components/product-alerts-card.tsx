/** Dashboard card: products at or below their alert quantity (GET /api/products/alerts). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { useProductAlerts } from '../api/catalog';

/** How many alerts the card lists before linking to the filtered product list. */
const SHOWN = 8;

/** The 'Product quantity alerts' card. */
export function ProductAlertsCard() {
  const { t } = useTranslation('catalog');
  const alerts = useProductAlerts();
  return (
    <Card className="space-y-3" data-testid="product-alerts-card">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-medium">{t('alerts.title')}</h2>
        <Link to="/product/list?low_stock=true" className="text-sm text-primary hover:underline">
          {t('alerts.viewAll')}
        </Link>
      </div>
      {alerts.isPending && <LoadingState />}
      {alerts.isError && <Alert>{failureText(alerts.error) ?? t('alerts.failed')}</Alert>}
      {alerts.data && alerts.data.length === 0 && <p className="text-sm text-muted">{t('alerts.none')}</p>}
      {alerts.data && alerts.data.length > 0 && (
        // On a phone the table scrolls inside the card, never the dashboard.
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 text-start font-medium">{t('product.code')}</th>
                <th scope="col" className="py-1 text-start font-medium">{t('fields.name')}</th>
                <th scope="col" className="py-1 text-end font-medium">{t('product.quantity')}</th>
                <th scope="col" className="py-1 text-end font-medium">{t('product.alertQuantity')}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.slice(0, SHOWN).map((p) => (
                <tr key={p.id} className="border-t border-line" data-testid="product-alert-row">
                  <td className="py-1 font-mono text-xs">{p.code}</td>
                  <td className="py-1">{p.name}</td>
                  <td className="py-1 text-end font-medium text-danger">{p.quantity}</td>
                  <td className="py-1 text-end">{p.alert_quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
