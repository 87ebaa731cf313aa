/** /purchase-order/add and /purchase-order/edit/{id} (buyers; edit while pending): category, product, quantity, image, note. */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ImageUploadField } from '@/components/form/image-upload-field';
import { RequiredMark } from '@/components/form/required-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { CATEGORIES_PATH, orderReference, PRODUCTS_PATH, PURCHASE_ORDERS_PATH, savePurchaseOrder, useOrderChoices, usePurchaseOrder, type PurchaseOrder } from '../api/procurement';
import { fieldMessage, serverFieldErrors } from '../components/form-errors';
import { orderFormData, validateOrder, type OrderValues } from '../components/order-model';

/** Route element of the purchase order form. */
export function PurchaseOrderFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('procurement');
  const orderId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const order = usePurchaseOrder(orderId);
  if (id !== undefined && orderId === undefined) return <Alert>{t('notFound')}</Alert>;
  if (orderId !== undefined && order.isPending) return <LoadingState />;
  if (order.error) return <Alert>{failureText(order.error) ?? t('loadFailed')}</Alert>;
  return <OrderForm key={order.data?.id ?? 'new'} record={order.data} />;
}

function OrderForm({ record }: { record?: PurchaseOrder }) {
  const { t } = useTranslation('procurement');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<OrderValues>({
    category_id: record ? String(record.category_id) : '',
    product_id: record ? String(record.product_id) : '',
    quantity: record ? String(record.quantity) : '',
    note: record?.note ?? '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [keepImage, setKeepImage] = useState(record?.image != null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const categories = useOrderChoices(CATEGORIES_PATH, {});
  const products = useOrderChoices(PRODUCTS_PATH, { category_id: values.category_id }, values.category_id !== '');
  const editable = !record || record.status === 'pending';

  const set = (patch: Partial<OrderValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateOrder(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = validateOrder(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const body = orderFormData(values, image, Boolean(record?.image) && !keepImage);
      await savePurchaseOrder(record?.id, body);
      await client.invalidateQueries({ queryKey: [PURCHASE_ORDERS_PATH] });
      toast.success(t('list:saved', { entity: t('orders.entity') }));
      navigate('/purchase-order/list');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.error(t('list:saveFailed', { entity: t('orders.entity') }), failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const msg = (field: string) => fieldMessage(t, errors, field);
  const title = record ? t('orders.editTitle', { reference: orderReference(record) }) : t('orders.addTitle');
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="max-w-2xl space-y-4" data-testid="purchase-order-form">
      <PageTitle>{title}</PageTitle>
      {!editable && <Alert tone="info">{t('orders.notEditable')}</Alert>}
      <Card className="p-4">
        <fieldset disabled={!editable || saving} className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={<>{t('fields.category')}<RequiredMark /></>}
            aria-required
            autoFocus
            value={values.category_id}
            options={[{ value: '', label: t('chooseCategory') }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
            error={msg('category_id')}
            data-testid="field-category"
            onChange={(e) => set({ category_id: e.target.value, product_id: '' })}
          />
          <SelectField
            label={<>{t('fields.product')}<RequiredMark /></>}
            aria-required
            value={values.product_id}
            disabled={!values.category_id}
            options={[
              { value: '', label: values.category_id ? t('chooseProduct') : t('chooseCategoryFirst') },
              ...(products.data ?? []).map((p) => ({ value: String(p.id), label: p.code ? `${p.code} — ${p.name}` : p.name })),
            ]}
            error={msg('product_id')}
            data-testid="field-product"
            onChange={(e) => set({ product_id: e.target.value })}
          />
          <TextField
            label={<>{t('fields.quantity')}<RequiredMark /></>}
            aria-required
            inputMode="numeric"
            value={values.quantity}
            error={msg('quantity')}
            data-testid="field-quantity"
            onChange={(e) => set({ quantity: e.target.value })}
          />
          <TextAreaField label={t('fields.note')} rows={2} value={values.note} wrapperClassName="sm:col-span-2" data-testid="field-note" onChange={(e) => set({ note: e.target.value })} />
          <div className="sm:col-span-2">
            <ImageUploadField
              label={t('fields.image')}
              max={1}
              existing={record?.image && keepImage ? [record.image] : []}
              onRemoveExisting={() => setKeepImage(false)}
              files={image ? [image] : []}
              onFilesChange={(files) => setImage(files[files.length - 1] ?? null)}
              error={msg('image')}
            />
          </div>
        </fieldset>
      </Card>
      <div className="flex gap-2">
        <Link to="/purchase-order/list" className="inline-flex items-center rounded-md border border-line bg-card px-4 py-2 text-sm font-medium hover:bg-hover">
          {t('common:actions.cancel')}
        </Link>
        {editable && (
          <Button type="submit" busy={saving} data-testid="form-submit">
            {t('common:actions.save')}
          </Button>
        )}
      </div>
    </form>
  );
}
