/**
 * /purchase-order/add (buyers, users, secretaries) and /purchase-order/edit/{id} (users and
 * secretaries), on the document form kit: category, product (of that category), quantity, note
 * and an optional image. Enter in a field saves.
 *
 * Pending and rejected orders are edited; a rejected one shows the administrator's reason, and
 * saving it sends it again for approval (modules/procurement puts it back to pending). Approved
 * orders are shown read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AttachmentsField, DocumentForm, FormPicker, FormText, FormTextArea, productLabel, useDocumentSubmit } from '@/components/document-form';
import { useSaveResource } from '@/components/list/resource-api';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { CATEGORIES } from '@/components/form/record-sources';
import { orderEditable, orderProducts, orderReference, PURCHASE_ORDERS_PATH, usePurchaseOrder, type PurchaseOrder } from '../api/procurement';
import { OrderStatusBadge } from '../components/order-status';
import { orderFormData, orderSchema, orderValues, type OrderValues } from '../components/order-model';

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

/**
 * Category, then the products of that category (both searched as typed); a new category clears
 * the product. `record`: the order edited, which names its own category and product.
 */
function OrderFields({ record }: { record?: PurchaseOrder }) {
  const { t } = useTranslation('procurement');
  const { setValue, formState } = useFormContext<OrderValues>();
  const category = useWatch<OrderValues, 'category_id'>({ name: 'category_id' });
  return (
    <>
      <FormPicker<OrderValues, '/api/categories'>
        name="category_id"
        required
        autoFocus
        label={t('fields.category')}
        source={CATEGORIES}
        placeholder={t('chooseCategory')}
        known={record && { value: String(record.category_id), label: record.category.name }}
        testId="field-category"
        onPicked={() => setValue('product_id', '', { shouldValidate: formState.isSubmitted })}
      />
      <FormPicker<OrderValues, '/api/products/choices'>
        name="product_id"
        required
        disabled={!category}
        label={t('fields.product')}
        source={orderProducts(category)}
        placeholder={category ? t('chooseProduct') : t('chooseCategoryFirst')}
        known={record && { value: String(record.product_id), label: productLabel(record.product) }}
        testId="field-product"
      />
      <FormText<OrderValues> name="quantity" required inputMode="numeric" autoComplete="off" label={t('fields.quantity')} testId="field-quantity" />
    </>
  );
}

function OrderForm({ record }: { record?: PurchaseOrder }) {
  const { t } = useTranslation('procurement');
  const navigate = useNavigate();
  const save = useSaveResource(PURCHASE_ORDERS_PATH);
  const start = orderValues(record);
  const form = useForm<OrderValues>({ resolver: zodResolver(orderSchema), defaultValues: start });
  const entity = t('orders.entity');
  const sendAgain = record?.status === 'rejected';
  const submit = useDocumentSubmit({
    form,
    ns: 'procurement',
    save: (values: OrderValues) => save.mutateAsync({ id: record?.id, body: orderFormData(values, start.image) }),
    onSaved: () => navigate('/purchase-order/list'),
    savedTitle: sendAgain ? t('orders.sentAgain') : t('list:saved', { entity }),
    failedTitle: t('list:saveFailed', { entity }),
  });
  const editable = !record || orderEditable(record.status);
  const title = record ? t('orders.editTitle', { reference: orderReference(record) }) : t('orders.addTitle');
  return (
    <DocumentForm
      form={form}
      ns="procurement"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={title}
      titleCode={record && orderReference(record)}
      testId="purchase-order-form"
      cancelTo="/purchase-order/list"
      editable={editable}
      rejection={sendAgain ? { reason: record.approval_reason } : undefined}
      meta={record && <OrderStatusBadge status={record.status} reason={record.approval_reason} />}
      notices={!editable && <Alert tone="info">{t('orders.notEditable')}</Alert>}
    >
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <OrderFields record={record} />
        <FormTextArea<OrderValues> name="note" rows={2} label={t('fields.note')} wrapperClassName="sm:col-span-2" testId="field-note" />
        <div className="sm:col-span-2">
          <AttachmentsField<OrderValues> name="image" label={t('fields.image')} />
        </div>
      </Card>
    </DocumentForm>
  );
}
