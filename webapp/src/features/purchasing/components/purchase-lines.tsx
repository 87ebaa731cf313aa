/**
 * The purchase's items on the kit's lines grid: category, product (search by code or name, its
 * code under it), expiry date, cost, quantity and the line's subtotal (cost × quantity, exact in
 * centavos; the taxes come from the server's quote). Choosing a product fills the line's category
 * and, when the line has none yet, the catalog's cost.
 */
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineDate, LineInput, LineMoney, LinesField, ProductPicker, useFieldError, type LineCell, type LineColumn } from '@/components/document-form';
import { RecordPicker } from '@/components/form/record-picker';
import { CATEGORIES } from '@/components/form/record-sources';
import { formatCop } from '@/components/form/money';
import { useProductChoices, type ProductChoice } from '../api/purchases';
import { emptyLine, isBlankLine, lineSubtotal, type LineValues, type PurchaseValues } from './purchase-form-model';

type LinePath = `lines.${number}`;

/** The category picker (categories have no fixed number); a new category clears the product chosen in another. */
function CategoryCell({ path }: { path: LinePath }) {
  const { t } = useTranslation('purchasing');
  const { setValue, control } = useFormContext<PurchaseValues>();
  const { isSubmitted } = useFormState({ control });
  const { field } = useController<PurchaseValues, `${LinePath}.category_id`>({ name: `${path}.category_id` });
  const error = useFieldError(`${path}.category_id`);
  return (
    <RecordPicker
      ref={field.ref}
      source={CATEGORIES}
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        for (const key of ['product_id', 'product_code', 'product_name', 'kind'] as const) setValue(`${path}.${key}`, '', { shouldValidate: isSubmitted });
      }}
      onBlur={field.onBlur}
      placeholder={t('lines.chooseCategory')}
      ariaLabel={t('lines.category')}
      invalid={Boolean(error)}
      compact
      testId="line-category"
    />
  );
}

/** The product search and, once chosen, its code. */
function ProductCell({ path }: { path: LinePath }) {
  const { t } = useTranslation('purchasing');
  const { setValue, getValues, control } = useFormContext<PurchaseValues>();
  const { isSubmitted } = useFormState({ control });
  const { field } = useController<PurchaseValues, `${LinePath}.product_id`>({ name: `${path}.product_id` });
  const [categoryId, code, name] = useWatch({ control, name: [`${path}.category_id`, `${path}.product_code`, `${path}.product_name`] });
  const error = useFieldError(`${path}.product_id`);
  const picked = field.value !== '';
  const set = (patch: Partial<LineValues>) => {
    // After a first save attempt, messages follow the changes (react-hook-form's reValidateMode).
    for (const [key, value] of Object.entries(patch)) setValue(`${path}.${key as keyof LineValues}`, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  return (
    <div className="space-y-0.5">
      <ProductPicker
        ref={field.ref}
        useChoices={(q: string) => useProductChoices(categoryId ? Number(categoryId) : null, q)}
        text={name}
        picked={picked}
        label={t('lines.product')}
        invalid={Boolean(error)}
        testId="line-product"
        onText={(text) => set({ product_id: '', product_code: '', product_name: text, kind: '' })}
        onPick={(p: ProductChoice) => {
          const line = getValues(path);
          set({
            product_id: String(p.id),
            product_code: p.code,
            product_name: p.name,
            kind: p.kind ?? '',
            category_id: line.category_id || String(p.category_id),
            cost_cents: line.cost_cents ?? (p.cost_cents > 0 ? p.cost_cents : null),
          });
        }}
      />
      {/* The product's code (spec §3's code column), under the name to keep the grid narrow. */}
      <p className="min-h-4 truncate font-mono text-xs text-muted" data-testid="line-code" title={picked ? t('lines.code') : undefined}>
        {picked ? code || '—' : ''}
      </p>
    </div>
  );
}

/** cost × quantity of the line. */
function SubtotalCell({ path }: { path: LinePath }) {
  const [cost, quantity] = useWatch<PurchaseValues, [`${LinePath}.cost_cents`, `${LinePath}.quantity`]>({ name: [`${path}.cost_cents`, `${path}.quantity`] });
  const subtotal = lineSubtotal({ cost_cents: cost, quantity });
  return (
    <span className="block whitespace-nowrap py-1.5 tabular-nums" data-testid="line-subtotal">
      {subtotal === null ? '—' : formatCop(subtotal)}
    </span>
  );
}

/** The purchase's lines grid. */
export function PurchaseLines() {
  const { t } = useTranslation('purchasing');
  const at = (line: LineCell) => line.path as LinePath;
  const columns: LineColumn[] = [
    { id: 'category', header: t('lines.category'), width: 'minmax(7rem,1fr)', wide: true, cell: (l) => <CategoryCell path={at(l)} /> },
    { id: 'product', header: t('lines.product'), width: 'minmax(9rem,1.8fr)', wide: true, cell: (l) => <ProductCell path={at(l)} /> },
    {
      id: 'expiry',
      header: t('lines.expiryDate'),
      width: '8.5rem',
      cell: (l) => <LineDate<PurchaseValues> name={`${at(l)}.expiry_date`} label={t('lines.expiryDate')} testId="line-expiry" />,
    },
    { id: 'cost', header: t('lines.cost'), width: '6rem', align: 'end', cell: (l) => <LineMoney<PurchaseValues> name={`${at(l)}.cost_cents`} label={t('lines.cost')} testId="line-cost" /> },
    {
      id: 'quantity',
      header: t('lines.quantity'),
      width: '4rem',
      align: 'end',
      cell: (l) => <LineInput<PurchaseValues> name={`${at(l)}.quantity`} inputMode="numeric" autoComplete="off" label={t('lines.quantity')} testId="line-quantity" className="text-end" />,
    },
    { id: 'subtotal', header: t('lines.subtotal'), width: 'minmax(5.5rem,auto)', align: 'end', cell: (l) => <SubtotalCell path={at(l)} /> },
  ];
  return (
    <LinesField<PurchaseValues, 'lines'>
      name="lines"
      title={t('lines.title')}
      columns={columns}
      newLine={emptyLine}
      isBlank={isBlankLine}
      enterColumn="quantity"
      hint={t('lines.keyboardHint')}
      testId="purchase-lines"
    />
  );
}
