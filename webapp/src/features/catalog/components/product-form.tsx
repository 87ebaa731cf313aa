/**
 * Add/edit form of a product. Sent as multipart/form-data (images travel as files): code, name,
 * category_id, unit, cost_cents, price_cents, quantity (create only: afterwards stock changes
 * through receiving and sales), alert_quantity, iva_class, kind, images (files) and
 * remove_images (attachment ids, edit only).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { ImageUploadField } from '@/components/form/image-upload-field';
import { formatCop } from '@/components/form/money';
import { MoneyField } from '@/components/form/money-field';
import { FormRecordPicker } from '@/components/form/record-picker';
import { CATEGORIES } from '@/components/form/record-sources';
import { RequiredLabel } from '@/components/form/required-mark';
import { useSaveResource } from '@/components/list/resource-api';
import { SelectField, TextField } from '@/components/ui/field';
import { HttpError } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-messages';
import { IVA_CLASSES, PRODUCT_KINDS, PRODUCTS_PATH, type Product } from '../api/catalog';

const wholeNumber = z.string().check(z.trim(), z.regex(/^\d{1,10}$/, 'validation.integer'));
const money = z.nullable(z.number()).check(z.refine((v) => v !== null && v >= 0, 'validation.money'));

const schema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  category_id: z.string().check(z.minLength(1, 'validation.required')),
  unit: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  cost_cents: money,
  price_cents: money,
  quantity: wholeNumber,
  alert_quantity: wholeNumber,
  iva_class: z.enum(['19', '5', 'exento', 'excluido']),
  kind: z.enum(['goods', 'service']),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['code', 'name', 'category_id', 'unit', 'cost_cents', 'price_cents', 'quantity', 'alert_quantity', 'iva_class', 'kind'] as const;

/** The multipart body of a save. */
export function productFormData(values: Values, creating: boolean, images: readonly File[], removeImages: readonly number[]): FormData {
  const body = new FormData();
  body.set('code', values.code);
  body.set('name', values.name);
  body.set('category_id', values.category_id);
  body.set('unit', values.unit);
  body.set('cost_cents', String(values.cost_cents ?? 0));
  body.set('price_cents', String(values.price_cents ?? 0));
  if (creating) body.set('quantity', values.quantity);
  body.set('alert_quantity', values.alert_quantity);
  body.set('iva_class', values.iva_class);
  body.set('kind', values.kind);
  for (const file of images) body.append('images', file, file.name);
  for (const id of removeImages) body.append('remove_images', String(id));
  return body;
}

/** The product form dialog. */
export function ProductForm({ record, onClose }: { record: Product | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const fieldError = useFieldError();
  const save = useSaveResource(PRODUCTS_PATH);
  const creating = record === null;
  const entity = t('product.entity');
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      code: record?.code ?? '',
      name: record?.name ?? '',
      category_id: record ? String(record.category_id) : '',
      unit: record?.unit ?? 'und',
      cost_cents: record?.cost_cents ?? null,
      price_cents: record?.price_cents ?? null,
      quantity: String(record?.quantity ?? 0),
      alert_quantity: String(record?.alert_quantity ?? 0),
      iva_class: record?.iva_class ?? '19',
      kind: record?.kind ?? 'goods',
    },
  });
  const cost = watch('cost_cents');
  const price = watch('price_cents');
  const profit = cost !== null && price !== null ? price - cost : null;

  const submit = handleSubmit(async (values) => {
    setImagesError(undefined);
    const ok = await submitForm({
      save: async () => {
        try {
          return await save.mutateAsync({ id: record?.id, body: productFormData(values, creating, files, removed) });
        } catch (error) {
          // Image problems are reported on the images or remove_images field.
          const fields = error instanceof HttpError ? error.fields : {};
          const imageMessage = Object.entries(fields).find(([k]) => k.startsWith('images') || k === 'remove_images')?.[1];
          if (imageMessage) setImagesError(translateServerMessage(imageMessage));
          throw error;
        }
      },
      setError,
      fields: FIELDS,
      savedTitle: t('list:saved', { entity }),
      failedTitle: t('list:saveFailed', { entity }),
    });
    if (ok) onClose();
  });


  return (
    <FormDialog open size="lg" title={creating ? t('product.addTitle') : t('product.editTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="product-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={<RequiredLabel>{t('product.code')}</RequiredLabel>} aria-required autoFocus error={fieldError(errors.code?.message)} data-testid="field-code" {...register('code')} />
        <TextField label={<RequiredLabel>{t('fields.name')}</RequiredLabel>} aria-required error={fieldError(errors.name?.message)} data-testid="field-name" {...register('name')} />
        <FormRecordPicker<Values, '/api/categories'>
          name="category_id"
          control={control}
          required
          label={t('product.category')}
          source={CATEGORIES}
          placeholder={t('product.chooseCategory')}
          known={record ? { value: String(record.category_id), label: record.category.name } : undefined}
          error={fieldError(errors.category_id?.message)}
          testId="field-category-id"
        />
        <TextField label={<RequiredLabel>{t('product.unit')}</RequiredLabel>} aria-required hint={t('product.unitHint')} error={fieldError(errors.unit?.message)} data-testid="field-unit" {...register('unit')} />
        <Controller
          control={control}
          name="cost_cents"
          render={({ field }) => (
            <MoneyField label={<RequiredLabel>{t('product.cost')}</RequiredLabel>} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} error={fieldError(errors.cost_cents?.message)} testId="field-cost" />
          )}
        />
        <Controller
          control={control}
          name="price_cents"
          render={({ field }) => (
            <MoneyField label={<RequiredLabel>{t('product.price')}</RequiredLabel>} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} error={fieldError(errors.price_cents?.message)} testId="field-price" />
          )}
        />
        {creating ? (
          <TextField label={<RequiredLabel>{t('product.quantity')}</RequiredLabel>} aria-required inputMode="numeric" error={fieldError(errors.quantity?.message)} data-testid="field-quantity" {...register('quantity')} />
        ) : (
          <TextField label={t('product.quantity')} value={String(record.quantity)} readOnly disabled hint={t('product.quantityHint')} data-testid="field-quantity" />
        )}
        <TextField label={<RequiredLabel>{t('product.alertQuantity')}</RequiredLabel>} aria-required inputMode="numeric" error={fieldError(errors.alert_quantity?.message)} data-testid="field-alert-quantity" {...register('alert_quantity')} />
        <SelectField
          label={<RequiredLabel>{t('product.ivaClass')}</RequiredLabel>}
          options={IVA_CLASSES.map((c) => ({ value: c, label: t(`product.iva.${c}`) }))}
          error={fieldError(errors.iva_class?.message)}
          data-testid="field-iva-class"
          {...register('iva_class')}
        />
        <SelectField
          label={<RequiredLabel>{t('product.kind')}</RequiredLabel>}
          options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`product.kinds.${k}`) }))}
          error={fieldError(errors.kind?.message)}
          data-testid="field-kind"
          {...register('kind')}
        />
      </div>
      <p className="text-sm text-muted" data-testid="profit-preview">
        {t('product.profit')}: {profit === null ? '—' : <span className={profit < 0 ? 'text-danger' : 'text-success'}>{formatCop(profit)}</span>}
      </p>
      <ImageUploadField
        label={t('product.images')}
        existing={(record?.images ?? []).filter((img) => !removed.includes(img.id))}
        onRemoveExisting={(id) => setRemoved((ids) => [...ids, id])}
        files={files}
        onFilesChange={setFiles}
        error={imagesError}
      />
    </FormDialog>
  );
}
