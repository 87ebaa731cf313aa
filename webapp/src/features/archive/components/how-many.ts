/** How many records a batch or a selection holds, with their total when they carry amounts. */
import type { TFunction } from 'i18next';
import { formatCop } from '@/components/form/money';

/**
 * "3 records ($ 1.200.000)" for documents; "3 records" for master data (customers, suppliers,
 * products, categories), which carries no amount — the server sends its total as null.
 */
export function howMany(t: TFunction<'archive'>, count: number, totalCents: number | null | undefined): string {
  const records = t('records', { count });
  return totalCents == null ? records : `${records} (${formatCop(totalCents)})`;
}
