/** users_report/{id}'s card: what the user recorded per kind and how many records they approved. */
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useCellFormat } from './cell-format';

/** What a user's records of the range add up to per kind (the totals of users_report/{id}: their users_report row). */
const USER_FIGURES = [
  { key: 'purchases', count: 'purchases', cents: 'purchases_cents' },
  { key: 'sales', count: 'sales', cents: 'sales_cents' },
  { key: 'payments', count: 'payments', cents: 'payments_cents' },
] as const;

/** The user of users_report/{id}: what they recorded per kind, and how many records they approved. */
export function UserFigures({ name, totals }: { name: string; totals: Record<string, number> }) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  return (
    <Card className="space-y-3 p-4" data-testid="report-user">
      <span className="block text-lg font-medium">{name}</span>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4">
        {USER_FIGURES.map((f) => (
          <div key={f.key} className="min-w-0" data-testid={`report-user-${f.key}`}>
            <dt className="text-muted">{t(`userFigures.${f.key}`, { count: totals[f.count] ?? 0 })}</dt>
            <dd className="font-semibold tabular-nums" data-testid="report-user-amount">
              {format.cell('money', totals[f.cents] ?? 0)}
            </dd>
          </div>
        ))}
        <div className="min-w-0" data-testid="report-user-approved">
          <dt className="text-muted">{t('columns.approved')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="report-user-amount">
            {format.cell('int', totals.approved ?? 0)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
