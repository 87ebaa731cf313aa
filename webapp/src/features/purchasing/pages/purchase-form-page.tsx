/**
 * /purchase/add and /purchase/edit/{id}: header fields of spec §3, the attachment image, the
 * lines (category, product search, code, expiry date, cost, quantity, subtotal) and the server's
 * totals while typing. /purchase/add?received_order=ID starts from that receipt's lines.
 *
 * Keyboard: Tab walks the grid; Enter in the last line's quantity adds a line and moves to it
 * (anywhere else Enter saves); the remove buttons are real buttons.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ImageUploadField } from '@/components/form/image-upload-field';
import { formatCop } from '@/components/form/money';
import { MoneyField } from '@/components/form/money-field';
import { RequiredMark } from '@/components/form/required-mark';
import { ApprovalActions, ApprovalBadge } from '@/components/list/approval';
import { useDecideResource } from '@/components/list/resource-api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingState } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth/store';
import { failureText } from '@/lib/form-errors';
import { http, HttpError, type DataEnvelope } from '@/lib/http';
import { translateServerMessage } from '@/lib/server-messages';
import { toast } from '@/lib/toast';
import {
  CATEGORIES_PATH,
  PURCHASES_PATH,
  STORES_PATH,
  SUPPLIERS_PATH,
  useChoices,
  usePurchase,
  usePurchaseDraft,
  usePurchaseQuote,
  type Purchase,
} from '../api/purchases';
import { ProductPicker, productLabel } from '../components/product-picker';
import {
  dueDate,
  emptyLine,
  formPath,
  lineSubtotal,
  linesFrom,
  purchaseFormData,
  quoteRequest,
  todayInBogota,
  validatePurchase,
  type LineValues,
  type PurchaseValues,
} from '../components/purchase-form-model';
import { formatDateTime } from '@/lib/dates';
import { PurchaseStatusBadge } from '../components/purchase-status';
import { TotalsPanel } from '../components/totals-panel';

/** How long typing must pause before the totals are asked again. */
export const QUOTE_DEBOUNCE_MS = 400;

/** The server's message for a reference that exists for the supplier. */
const REFERENCE_TAKEN = 'Reference Number is already taken.';

function initialValues(): PurchaseValues {
  return {
    purchase_date: todayInBogota(),
    reference_no: '',
    supplier_id: '',
    store_id: '',
    days_of_credit: '30',
    note: '',
    shipping_cents: 0,
    discount_cents: 0,
    return_cents: 0,
    shipping_carrier: '',
    lines: [emptyLine()],
  };
}

function valuesOf(p: Purchase): PurchaseValues {
  return {
    purchase_date: p.purchase_date.slice(0, 10),
    reference_no: p.reference_no,
    supplier_id: String(p.supplier_id),
    store_id: String(p.store_id),
    days_of_credit: String(p.days_of_credit),
    note: p.note ?? '',
    shipping_cents: p.totals.shipping_cents,
    discount_cents: p.totals.discount_cents,
    return_cents: p.totals.return_cents,
    shipping_carrier: p.shipping_carrier ?? '',
    lines: [...linesFrom(p.lines ?? []), emptyLine()],
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Route element of /purchase/add and /purchase/edit/{id}. */
export function PurchaseFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const purchaseId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const receivedOrder = search.get('received_order');
  const receivedOrderId = purchaseId === undefined && receivedOrder && /^\d+$/.test(receivedOrder) ? Number(receivedOrder) : undefined;
  const existing = usePurchase(purchaseId);
  const draft = usePurchaseDraft(receivedOrderId);
  const { t } = useTranslation('purchasing');

  if (id !== undefined && purchaseId === undefined) return <Alert>{t('notFound')}</Alert>;
  const loading = (purchaseId !== undefined && existing.isPending) || (receivedOrderId !== undefined && draft.isPending);
  const failed = purchaseId !== undefined ? existing.error : receivedOrderId !== undefined ? draft.error : null;
  if (loading) return <LoadingState />;
  if (failed) return <Alert>{failureText(failed) ?? t('loadFailed')}</Alert>;

  let start = initialValues();
  if (existing.data) start = valuesOf(existing.data);
  else if (draft.data) {
    start = { ...start, note: draft.data.note ?? '', lines: [...linesFrom(draft.data.lines ?? []), emptyLine()] };
  }
  return <PurchaseForm key={existing.data?.id ?? `new-${receivedOrderId ?? ''}`} start={start} record={existing.data} receivedOrderId={receivedOrderId} />;
}

function PurchaseForm({ start, record, receivedOrderId }: { start: PurchaseValues; record?: Purchase; receivedOrderId?: number }) {
  const { t, i18n } = useTranslation('purchasing');
  const navigate = useNavigate();
  const client = useQueryClient();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const [values, setValues] = useState<PurchaseValues>(start);
  const [file, setFile] = useState<File | null>(null);
  const [keepExisting, setKeepExisting] = useState(record?.attachment != null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const quantityRefs = useRef(new Map<string, HTMLInputElement>());
  const categoryRefs = useRef(new Map<string, HTMLSelectElement>());
  const [focusLine, setFocusLine] = useState<string | null>(null);
  const decide = useDecideResource(PURCHASES_PATH);

  const editable = !record || record.approval_status === 'pending';
  const suppliers = useChoices(SUPPLIERS_PATH, { approval: 'approved' });
  const stores = useChoices(STORES_PATH);
  const categories = useChoices(CATEGORIES_PATH);

  const request = useMemo(() => quoteRequest(values), [values]);
  const debounced = useDebounced(request, QUOTE_DEBOUNCE_MS);
  const quote = usePurchaseQuote(editable ? debounced : null);
  const totals = editable ? (request ? quote.data : undefined) : record?.totals;

  const attachmentState = { file, existing: keepExisting };
  const update = (next: PurchaseValues) => {
    setValues(next);
    if (submitted) setErrors(validatePurchase(next, attachmentState));
  };
  const set = <K extends keyof PurchaseValues>(key: K, value: PurchaseValues[K]) => update({ ...values, [key]: value });
  const setLine = (index: number, patch: Partial<LineValues>) =>
    update({ ...values, lines: values.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const addLine = () => {
    const line = emptyLine();
    update({ ...values, lines: [...values.lines, line] });
    setFocusLine(line.key);
  };
  const removeLine = (index: number) => {
    const lines = values.lines.filter((_, i) => i !== index);
    update({ ...values, lines: lines.length ? lines : [emptyLine()] });
  };
  useEffect(() => {
    if (!focusLine) return;
    categoryRefs.current.get(focusLine)?.focus();
    setFocusLine(null);
  }, [focusLine]);

  const message = (path: string): string | undefined => {
    const m = errors[path];
    return m === undefined ? undefined : m.startsWith('validation.') ? t(m) : m;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    setSubmitted(true);
    const problems = validatePurchase(values, attachmentState);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(t('createFailed'), t(Object.values(problems)[0] ?? ''));
      return;
    }
    setSaving(true);
    try {
      const body = purchaseFormData(values, file, receivedOrderId);
      const saved = record
        ? await http.put<DataEnvelope<Purchase>>(`${PURCHASES_PATH}/${record.id}`, body)
        : await http.post<DataEnvelope<Purchase>>(PURCHASES_PATH, body);
      await client.invalidateQueries({ queryKey: [PURCHASES_PATH] });
      toast.success(record ? t('updated') : t('created'), saved.data?.reference_no);
      navigate('/purchase/list');
    } catch (error) {
      const fromServer: Record<string, string> = {};
      if (error instanceof HttpError) {
        for (const [field, text] of Object.entries(error.fields)) fromServer[formPath(field)] = translateServerMessage(text);
        if (error.serverError === REFERENCE_TAKEN && !fromServer.reference_no) fromServer.reference_no = translateServerMessage(REFERENCE_TAKEN);
      }
      setErrors(fromServer);
      toast.error(t('createFailed'), failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string): ReactNode => (
    <>
      {label}
      <RequiredMark />
    </>
  );
  const options = (rows: Array<{ id: number; name: string }> | undefined, placeholder: string) => [
    { value: '', label: placeholder },
    ...(rows ?? []).map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const due = dueDate(values.purchase_date, values.days_of_credit);
  const title = record ? t('editTitle', { reference: record.reference_no }) : t('addTitle');

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="purchase-form">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <PageTitle documentTitle={title}>{title}</PageTitle>
          {record && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <PurchaseStatusBadge status={record.status} />
              <ApprovalBadge status={record.approval_status} reason={record.approval_reason} />
              <span>{t('createdAt', { date: formatDateTime(record.created_at, i18n.language) })}</span>
            </div>
          )}
          {receivedOrderId !== undefined && (
            <p className="text-sm text-muted" data-testid="from-received-order">
              {t('fromReceivedOrder', { id: receivedOrderId })}
            </p>
          )}
        </div>
        {record && isAdmin && record.approval_status === 'pending' && (
          <div className="flex gap-1">
            <ApprovalActions
              entity={t('entity')}
              busy={decide.isPending}
              decide={async (approve, reason) => {
                await decide.mutateAsync({ id: record.id, approve, reason });
                await client.invalidateQueries({ queryKey: [PURCHASES_PATH] });
              }}
            />
          </div>
        )}
      </div>
      {!editable && <Alert tone="info">{t('notEditable')}</Alert>}

      <fieldset disabled={!editable || saving} className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4">
          <Card className="grid gap-4 p-4 sm:grid-cols-2 xl:grid-cols-3">
            <TextField type="date" label={required(t('fields.purchaseDate'))} aria-required value={values.purchase_date} error={message('purchase_date')} data-testid="field-purchase-date" onChange={(e) => set('purchase_date', e.target.value)} />
            <TextField label={required(t('fields.referenceNo'))} aria-required autoFocus={!record} value={values.reference_no} error={message('reference_no')} data-testid="field-reference-no" onChange={(e) => set('reference_no', e.target.value)} />
            <SelectField label={required(t('fields.supplier'))} aria-required value={values.supplier_id} options={options(suppliers.data, t('chooseSupplier'))} error={message('supplier_id')} data-testid="field-supplier" onChange={(e) => set('supplier_id', e.target.value)} />
            <SelectField label={required(t('fields.store'))} aria-required value={values.store_id} options={options(stores.data, t('chooseStore'))} error={message('store_id')} data-testid="field-store" onChange={(e) => set('store_id', e.target.value)} />
            <TextField
              label={required(t('fields.daysOfCredit'))}
              aria-required
              inputMode="numeric"
              value={values.days_of_credit}
              error={message('days_of_credit')}
              hint={due ? t('dueDateHint', { date: due }) : undefined}
              data-testid="field-days-of-credit"
              onChange={(e) => set('days_of_credit', e.target.value)}
            />
            <TextField label={t('fields.shippingCarrier')} value={values.shipping_carrier} data-testid="field-shipping-carrier" onChange={(e) => set('shipping_carrier', e.target.value)} />
            <MoneyField label={t('fields.discount')} value={values.discount_cents} onChange={(v) => set('discount_cents', v)} error={message('discount_cents')} testId="field-discount" />
            <MoneyField label={t('fields.shipping')} value={values.shipping_cents} onChange={(v) => set('shipping_cents', v)} error={message('shipping_cents')} testId="field-shipping" />
            <MoneyField label={t('fields.return')} value={values.return_cents} onChange={(v) => set('return_cents', v)} error={message('return_cents')} testId="field-return" />
            <TextAreaField label={t('fields.note')} rows={2} value={values.note} wrapperClassName="sm:col-span-2 xl:col-span-3" data-testid="field-note" onChange={(e) => set('note', e.target.value)} />
          </Card>

          <Card className="space-y-3 p-4">
            <div className="flex items-center justify-between gap-3">
              <h2 className="text-lg font-medium">{t('lines.title')}</h2>
              <Button variant="secondary" onClick={addLine} data-testid="line-add">
                {t('lines.add')}
              </Button>
            </div>
            {message('lines') && (
              <p role="alert" className="text-sm text-danger" data-testid="lines-error">
                {message('lines')}
              </p>
            )}
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="purchase-lines">
                <thead>
                  <tr className="text-start text-muted">
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.category')}</th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.product')}</th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.code')}</th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.expiryDate')}</th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.cost')}</th>
                    <th scope="col" className="px-1 py-2 text-start font-medium">{t('lines.quantity')}</th>
                    <th scope="col" className="px-1 py-2 text-end font-medium">{t('lines.subtotal')}</th>
                    <th scope="col" className="px-1 py-2">
                      <span className="sr-only">{t('lines.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {values.lines.map((line, index) => {
                    const subtotal = lineSubtotal(line);
                    const rowError = message(`lines.${index}`);
                    const cellError = [message(`lines.${index}.cost_cents`), message(`lines.${index}.quantity`), message(`lines.${index}.expiry_date`), message(`lines.${index}.product_id`), message(`lines.${index}.category_id`)].filter(Boolean);
                    const last = index === values.lines.length - 1;
                    return (
                      <LineRow key={line.key} testId={`line-${index}`} errors={[rowError, ...cellError].filter((x): x is string => Boolean(x))}>
                        <td className="px-1 py-1 align-top">
                          <select
                            ref={(el) => {
                              if (el) categoryRefs.current.set(line.key, el);
                              else categoryRefs.current.delete(line.key);
                            }}
                            aria-label={t('lines.category')}
                            value={line.category_id}
                            data-testid="line-category"
                            className="block w-full min-w-32 rounded-md border border-line bg-card px-2 py-1.5 text-sm"
                            onChange={(e) => setLine(index, { category_id: e.target.value, product_id: '', product_code: '', product_name: '' })}
                          >
                            {options(categories.data, t('lines.chooseCategory')).map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="px-1 py-1 align-top">
                          <ProductPicker
                            categoryId={line.category_id ? Number(line.category_id) : null}
                            text={line.product_id && line.product_code ? productLabel({ code: line.product_code, name: line.product_name }) : line.product_name}
                            label={t('lines.product')}
                            invalid={Boolean(rowError)}
                            testId="line-product"
                            onText={(text) => setLine(index, { product_id: '', product_code: '', product_name: text, kind: '' })}
                            onPick={(p) =>
                              setLine(index, {
                                product_id: String(p.id),
                                product_code: p.code,
                                product_name: p.name,
                                kind: p.kind ?? '',
                                category_id: line.category_id || String(p.category_id),
                                cost_cents: line.cost_cents ?? (p.cost_cents > 0 ? p.cost_cents : null),
                              })
                            }
                          />
                        </td>
                        <td className="px-1 py-1 align-top font-mono text-xs leading-8" data-testid="line-code">
                          {line.product_id ? line.product_code || '—' : '—'}
                        </td>
                        <td className="px-1 py-1 align-top">
                          <input
                            type="date"
                            aria-label={t('lines.expiryDate')}
                            aria-invalid={message(`lines.${index}.expiry_date`) ? true : undefined}
                            value={line.expiry_date}
                            data-testid="line-expiry"
                            className="block w-full rounded-md border border-line bg-card px-2 py-1.5 text-sm aria-[invalid=true]:border-danger"
                            onChange={(e) => setLine(index, { expiry_date: e.target.value })}
                          />
                        </td>
                        <td className="px-1 py-1 align-top">
                          <LineMoney
                            label={t('lines.cost')}
                            value={line.cost_cents}
                            invalid={Boolean(message(`lines.${index}.cost_cents`))}
                            onChange={(cents) => setLine(index, { cost_cents: cents })}
                          />
                        </td>
                        <td className="px-1 py-1 align-top">
                          <input
                            ref={(el) => {
                              if (el) quantityRefs.current.set(line.key, el);
                              else quantityRefs.current.delete(line.key);
                            }}
                            inputMode="numeric"
                            aria-label={t('lines.quantity')}
                            aria-invalid={message(`lines.${index}.quantity`) ? true : undefined}
                            value={line.quantity}
                            data-testid="line-quantity"
                            className="block w-16 rounded-md border border-line bg-card px-2 py-1.5 text-end text-sm aria-[invalid=true]:border-danger"
                            onChange={(e) => setLine(index, { quantity: e.target.value })}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter' && last) {
                                e.preventDefault();
                                addLine();
                              }
                            }}
                          />
                        </td>
                        <td className="whitespace-nowrap px-1 py-1 text-end align-top leading-8 tabular-nums" data-testid="line-subtotal">
                          {subtotal === null ? '—' : formatCop(subtotal)}
                        </td>
                        <td className="px-1 py-1 text-end align-top">
                          <Button variant="ghost" className="px-2 py-1 text-danger" aria-label={t('lines.remove', { n: index + 1 })} onClick={() => removeLine(index)} data-testid="line-remove">
                            ×
                          </Button>
                        </td>
                      </LineRow>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-muted">{t('lines.keyboardHint')}</p>
          </Card>

          <Card className="p-4">
            <ImageUploadField
              label={required(t('fields.attachment'))}
              max={1}
              existing={record?.attachment && keepExisting ? [record.attachment] : []}
              onRemoveExisting={() => {
                setKeepExisting(false);
                if (submitted) setErrors(validatePurchase(values, { file, existing: false }));
              }}
              files={file ? [file] : []}
              onFilesChange={(files) => {
                const next = files[files.length - 1] ?? null;
                setFile(next);
                if (submitted) setErrors(validatePurchase(values, { file: next, existing: keepExisting }));
              }}
              error={message('attachment')}
            />
          </Card>
        </div>

        <div className="space-y-4 self-start lg:sticky lg:top-20">
          <TotalsPanel
            totals={totals}
            updating={editable && (quote.isFetching || request !== debounced)}
            error={editable && quote.isError && request ? failureText(quote.error) : undefined}
            returnCents={values.return_cents ?? 0}
            paidCents={record?.totals.paid_cents}
            balanceCents={record?.totals.balance_cents}
          />
          {due && (
            <p className="text-sm text-muted" data-testid="due-date">
              {t('fields.dueDate')}: {due}
            </p>
          )}
          <div className="flex gap-2">
            <Link to="/purchase/list" className="inline-flex items-center justify-center rounded-md border border-line bg-card px-4 py-2 text-sm font-medium hover:bg-hover">
              {t('common:actions.cancel')}
            </Link>
            {editable && (
              <Button type="submit" busy={saving} data-testid="form-submit">
                {t('common:actions.save')}
              </Button>
            )}
          </div>
        </div>
      </fieldset>
    </form>
  );
}

/** A line's row plus, under it, its messages. */
function LineRow({ children, errors, testId }: { children: ReactNode; errors: string[]; testId: string }) {
  return (
    <>
      <tr className="border-t border-line" data-testid={testId}>{children}</tr>
      {errors.length > 0 && (
        <tr>
          <td colSpan={8} className="px-1 pb-2">
            <ul role="alert" className="text-xs text-danger" data-testid="line-error">
              {[...new Set(errors)].map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}

/** A compact money input for the grid (the label is for screen readers). */
function LineMoney({ label, value, invalid, onChange }: { label: string; value: number | null; invalid: boolean; onChange: (cents: number | null) => void }) {
  return (
    <div className="w-28 [&_label]:sr-only [&_p]:hidden">
      <MoneyField label={label} value={value} onChange={onChange} testId="line-cost" error={invalid ? ' ' : undefined} />
    </div>
  );
}
