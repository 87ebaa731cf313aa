/**
 * A sale's details in a dialog opened from its row: who (the customer with her document), where and when, each line (product as
 * of the sale, VAT class, quantity × price − discount), the stored totals and the images. Every
 * role that lists sales reads it — administrators too, who may not open /sale/edit — and it
 * offers the next step the reader may take: Approve or Reject (administrators, pending sales)
 * or Edit (the sellers, pending sales), and an approved sale's Payments page.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TotalsPanel } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { usePartyDocument } from '@/components/form/record-sources';
import { ApprovalActions, ApprovalBadge } from '@/components/list/approval';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { useDecideSale } from '../api/decide-sale';
import { useSale } from '../api/get-sale';
import type { Sale, SaleLine } from '../api/list-sales';
import { SaleStatusBadge } from './sale-status';
import { saleTotalsRows } from './sale-totals';

/** Props of SaleDetailDialog. */
export interface SaleDetailDialogProps {
  /** The row it opened from (shown at once; the lines come with the sale's own read). */
  sale: Sale;
  /** Administrators decide pending sales here. */
  canDecide: boolean;
  /** Sellers edit pending sales (the page's link). */
  canEdit: boolean;
  onClose: () => void;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {children || '—'}
      </dd>
    </div>
  );
}

/** A page the dialog leads to, as a secondary button of its footer. */
function FooterLink({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center justify-center rounded-md border border-line bg-card px-4 py-2 text-sm font-medium hover:bg-hover" data-testid={testId}>
      {children}
    </Link>
  );
}

function LineItem({ line }: { line: SaleLine }) {
  const { t } = useTranslation('sales');
  return (
    <li className="space-y-0.5 border-b border-line py-2 last:border-b-0" data-testid="sale-detail-line">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 break-words font-medium">
          <span className="me-2 font-mono text-xs text-muted">{line.product_code}</span>
          {line.product_name}
        </span>
        <span className="shrink-0 whitespace-nowrap font-medium tabular-nums" data-testid="sale-detail-line-total">
          {formatCop(line.base_cents)}
        </span>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted">
        <span className="tabular-nums">
          {t('detail.lineAmount', { quantity: line.quantity, price: formatCop(line.price_cents) })}
          {line.discount_cents > 0 && ` − ${formatCop(line.discount_cents)}`}
        </span>
        <span>{t('detail.lineVat', { vat: t(`iva.${line.iva_class}`, { defaultValue: line.iva_class }), amount: formatCop(line.vat_cents) })}</span>
      </div>
    </li>
  );
}

/** The detail dialog. */
export function SaleDetailDialog({ sale: row, canDecide, canEdit, onClose }: SaleDetailDialogProps) {
  const { t } = useTranslation('sales');
  const { t: common } = useTranslation('common');
  const dates = useDates();
  const one = useSale(row.id);
  const decide = useDecideSale();
  const sale = one.data ?? row;
  const pending = sale.approval_status === 'pending';
  // The customer's document as the pickers show it ("CC 1028395041"): two customers may share a name.
  const customerDocument = usePartyDocument('/api/customers', sale.customer_id);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('detail.title', { number: sale.number })}
      testId="sale-detail"
      footer={
        <>
          {canDecide && pending && (
            <ApprovalActions entity={t('entity')} busy={decide.isPending} decide={(approve, reason) => decide.mutateAsync({ id: sale.id, approve, reason })} />
          )}
          {sale.approval_status === 'approved' && (
            <FooterLink to={`/payments/sale/${sale.id}`} testId="sale-detail-payments">
              {t('payments')}
            </FooterLink>
          )}
          {canEdit && pending && (
            <FooterLink to={`/sale/edit/${sale.id}`} testId="sale-detail-edit">
              {t('edit')}
            </FooterLink>
          )}
          <Button variant="secondary" onClick={onClose} data-testid="sale-detail-close">
            {common('actions.close')}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted">
          <span className="inline-flex items-center gap-1.5">
            {t('fields.status')} <SaleStatusBadge status={sale.status} />
          </span>
          <span className="inline-flex items-center gap-1.5">
            {t('fields.approval')} <ApprovalBadge status={sale.approval_status} reason={sale.approval_reason} />
          </span>
        </div>
        {sale.approval_status === 'rejected' && (
          <Alert testId="sale-detail-rejection">
            {t('rejectionReason')} <q>{sale.approval_reason || t('noReason')}</q>
          </Alert>
        )}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label={t('fields.saleDate')}>{dates.date(sale.sale_date.slice(0, 10))}</Fact>
          <Fact label={t('fields.customer')}>
            <span data-testid="sale-detail-customer">{sale.customer_name}</span>
            {customerDocument && (
              <span className="block text-xs text-muted" data-testid="sale-detail-customer-document">
                {customerDocument}
              </span>
            )}
          </Fact>
          <Fact label={t('fields.store')}>{sale.store_name}</Fact>
          <Fact label={t('fields.seller')} testId="sale-detail-seller">
            {sale.seller_name}
          </Fact>
          <Fact label={t('fields.customerReference')}>{sale.customer_reference}</Fact>
          <Fact label={t('fields.createdAt')}>{dates.dateTime(sale.created_at)}</Fact>
          {sale.note && (
            <div className="col-span-full">
              <Fact label={t('fields.note')}>{sale.note}</Fact>
            </div>
          )}
        </dl>
        <section aria-label={t('lines.title')} className="space-y-1">
          <h3 className="font-medium">{t('lines.title')}</h3>
          {one.isPending && <LoadingState />}
          {one.error && <Alert>{failureText(one.error) ?? t('loadFailed')}</Alert>}
          {one.data && (
            <ul data-testid="sale-detail-lines">
              {(one.data.lines ?? []).map((line, i) => (
                <LineItem key={`${line.product_id}-${i}`} line={line} />
              ))}
            </ul>
          )}
        </section>
        <TotalsPanel title={t('totals.title')} rows={saleTotalsRows(t, sale.totals, true)} hasTotals testId="sale-detail-totals" />
        {(one.data?.images?.length ?? 0) > 0 && (
          <section aria-label={t('fields.images')} className="space-y-1">
            <h3 className="font-medium">{t('fields.images')}</h3>
            <ul className="flex flex-wrap gap-2">
              {one.data!.images!.map((img, i) => (
                <li key={img.id}>
                  <a href={img.url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
                    <img src={img.url} alt={t('detail.image', { n: i + 1 })} className="size-20 rounded-md border border-line object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  );
}
