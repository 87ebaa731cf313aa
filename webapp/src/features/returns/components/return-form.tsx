/**
 * The top of /preturn/list/{purchase_id}, on the document form kit: the purchase's header
 * (reference, supplier, payment status, approval; links to the purchase and its payments), its
 * figures and the quote of the return being typed beside the form, and the form that adds a
 * return — date (today in Bogota), reference number (required), note, images, and either
 * "goods" (units per line of the purchase, none above what the line may still give back) or
 * "value only" (an amount, a price correction agreed with the supplier).
 *
 * An administrator's return is approved at once (stock and balance follow); anyone else's waits
 * for an administrator, and the figures say so. A refusal lands on its field (a line's quantity,
 * the value, the reference); what no field takes is shown over the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, DocumentForm, DocumentLink, DocumentMeta, FormDate, FormMoney, FormText, FormTextArea, useDocumentSubmit } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { RETURN_KINDS, useCreateReturn, type Returnable } from '../api/returns';
import { PurchaseFigures, ReturnQuoteTotals } from './return-figures';
import { isBlankLine, MAX_REFERENCE_LENGTH, MAX_RETURN_IMAGES, newReturn, returnBody, returnSchema, type ReturnValues } from './return-form-model';
import { ReturnLines } from './return-lines';

/** Why a purchase takes no return now, or undefined when it takes one. */
export type NotReturnable = 'notApproved' | 'nothingLeft';

/** Whether the purchase takes a return now, and if not why. */
export function notReturnable(returnable: Returnable): NotReturnable | undefined {
  if (returnable.purchase.approval_status !== 'approved') return 'notApproved';
  const goodsLeft = returnable.lines.some((line) => line.returnable_quantity > 0);
  if (!goodsLeft && returnable.returnable_cents <= 0) return 'nothingLeft';
  return undefined;
}

/** The purchase's header, figures and new-return form. */
export function ReturnForm({ returnable }: { returnable: Returnable }) {
  const { t } = useTranslation('returns');
  const dates = useDates();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const create = useCreateReturn();
  const { purchase, lines } = returnable;
  const say = (key: string, params: Record<string, string | number>) => t(key, params);
  // The limits change when a return is recorded here or elsewhere (the query is refreshed).
  const schema = useMemo(
    () => returnSchema({ lines, returnableCents: returnable.returnable_cents }, (key, params) => t(key, params), formatCop),
    [lines, returnable.returnable_cents, t],
  );
  const form = useForm<ReturnValues>({ resolver: zodResolver(schema), defaultValues: newReturn(lines) });
  const blocked = notReturnable(returnable);

  const submit = useDocumentSubmit({
    form,
    ns: 'returns',
    save: (values: ReturnValues) => create.mutateAsync({ body: returnBody(values, purchase.id), images: values.images.files }),
    onSaved: () => form.reset(newReturn(lines)),
    savedTitle: isAdmin ? t('form.created') : t('form.createdPending'),
    savedDescription: (saved) => say('form.saved', { reference: saved.reference_no, amount: formatCop(saved.totals.amount_cents) }),
    failedTitle: t('form.createFailed'),
    lines: { name: 'lines', isBlank: isBlankLine },
  });

  return (
    <DocumentForm
      form={form}
      ns="returns"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={t('title', { reference: purchase.reference_no })}
      titleCode={purchase.reference_no}
      testId="return-form"
      cancelTo="/preturn/list"
      submitLabel={t('form.save')}
      editable={blocked === undefined}
      meta={
        <DocumentMeta
          party={purchase.supplier_name}
          status={purchase.status}
          statusLabel={t(`status.${purchase.status}`, { defaultValue: purchase.status })}
          approval={purchase.approval_status}
          due={t('purchaseDate', { date: dates.date(purchase.purchase_date.slice(0, 10)) })}
        />
      }
      actions={
        <>
          <DocumentLink to={`/purchase/edit/${purchase.id}`} testId="document-open">
            {t('openPurchase')}
          </DocumentLink>
          {purchase.approval_status === 'approved' && (
            <DocumentLink to={`/payments/purchase/${purchase.id}`} testId="document-payments">
              {t('payments')}
            </DocumentLink>
          )}
        </>
      }
      notices={
        blocked && (
          <Alert tone="info" testId="document-not-returnable">
            {t(`blocked.${blocked}`)}
          </Alert>
        )
      }
      aside={
        <>
          <PurchaseFigures purchase={purchase} />
          {blocked === undefined && <ReturnQuoteTotals purchaseId={purchase.id} />}
        </>
      }
    >
      {blocked === undefined && (
        <Card className="space-y-4 p-4">
          <h2 className="text-lg font-medium">{t('form.title')}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormDate<ReturnValues> name="return_date" required label={t('fields.date')} testId="field-date" />
            <FormText<ReturnValues> name="reference_no" required autoComplete="off" maxLength={MAX_REFERENCE_LENGTH} label={t('fields.referenceNo')} testId="field-reference" />
            <FormTextArea<ReturnValues> name="note" rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2" testId="field-note" />
          </div>
          <KindChoice returnable={returnable} />
          <KindFields returnable={returnable} />
          <AttachmentsField<ReturnValues> name="images" max={MAX_RETURN_IMAGES} label={t('fields.images')} />
        </Card>
      )}
    </DocumentForm>
  );
}

/** Goods or value only: two radios (arrow keys move between them). A kind with nothing left is disabled. */
function KindChoice({ returnable }: { returnable: Returnable }) {
  const { t } = useTranslation('returns');
  const { register } = useFormContext<ReturnValues>();
  const left = { goods: returnable.lines.some((line) => line.returnable_quantity > 0), value: returnable.returnable_cents > 0 };
  return (
    <fieldset className="space-y-2" data-testid="field-kind">
      <legend className="text-sm font-medium">{t('fields.kind')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {RETURN_KINDS.map((kind) => (
          <label key={kind} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" value={kind} disabled={!left[kind]} {...register('kind')} className="size-4 accent-primary" data-testid={`kind-${kind}`} />
            <span>
              {t(`kinds.${kind}`)}
              <span className="block text-xs text-muted">{t(`kindHints.${kind}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The chosen kind's fields: the purchase's lines, or the amount with what may still be taken. */
function KindFields({ returnable }: { returnable: Returnable }) {
  const { t } = useTranslation('returns');
  const kind = useWatch<ReturnValues, 'kind'>({ name: 'kind' });
  if (kind === 'goods') return <ReturnLines lines={returnable.lines} />;
  return (
    <div className="max-w-xs space-y-1">
      <FormMoney<ReturnValues> name="value_cents" required label={t('fields.value')} testId="field-value" />
      <p className="text-xs text-muted" data-testid="value-limit">
        {t('form.valueHint', { amount: formatCop(returnable.returnable_cents) })}
      </p>
    </div>
  );
}
