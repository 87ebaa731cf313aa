/**
 * /preturn/list/{purchase_id} (spec §2): a purchase's header and figures, the form that adds a
 * return, and its returns. An id that is not a number, or a purchase the reader may not see
 * (another company's: 404), shows the not-found message; a purchase that is not approved shows
 * the server's reason ('Only approved purchases can be returned.'). The figures and the list
 * follow the live channel (returns and purchases keys: api/returns).
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { useReturnable } from '../api/returns';
import { PurchaseReturnList } from '../components/purchase-return-list';
import { ReturnForm } from '../components/return-form';

/** Route element of /preturn/list/{purchase_id}. */
export function PurchaseReturnsPage() {
  const { purchase_id: id } = useParams();
  const { t } = useTranslation('returns');
  if (!id || !/^\d+$/.test(id)) return <Alert testId="returns-not-found">{t('notFound')}</Alert>;
  return <PurchaseReturns key={id} id={Number(id)} />;
}

function PurchaseReturns({ id }: { id: number }) {
  const { t } = useTranslation('returns');
  const returnable = useReturnable(id);
  if (returnable.isPending) return <LoadingState />;
  if (returnable.error || !returnable.data) return <Alert testId="returns-not-found">{failureText(returnable.error) ?? t('notFound')}</Alert>;
  return (
    <div className="space-y-8">
      <ReturnForm returnable={returnable.data} />
      <PurchaseReturnList purchaseId={id} />
    </div>
  );
}
