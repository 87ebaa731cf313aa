/**
 * The sale's items on the kit's lines grid: product (searched by code or name; each suggestion
 * says its stock and price; once chosen, its code, stock and VAT class under it), quantity, unit
 * price (the product's price, editable), the line's discount and its total (quantity × price −
 * discount, exact in centavos; the taxes come from the server's quote). Enter in the quantity of
 * the last line adds a line.
 */
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineInput, LineMoney, LinesField, ProductPicker, useFieldError, type LineCell, type LineColumn } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { useSaleProductChoices, type SaleProductChoice } from '../api/sale-choices';
import { emptyLine, isBlankLine, lineTotal, pickedLine, type SaleLineValues, type SaleValues } from './sale-form-model';

type LinePath = `lines.${number}`;

/** The product search and, once chosen, its code, stock and VAT class. */
function ProductCell({ path }: { path: LinePath }) {
  const { t } = useTranslation('sales');
  const { setValue, getValues, control } = useFormContext<SaleValues>();
  const { isSubmitted } = useFormState({ control });
  const { field } = useController<SaleValues, `${LinePath}.product_id`>({ name: `${path}.product_id` });
  const [name, code, stock, iva] = useWatch({ control, name: [`${path}.product_name`, `${path}.product_code`, `${path}.stock`, `${path}.iva_class`] });
  const error = useFieldError(`${path}.product_id`);
  const picked = field.value !== '';
  const set = (line: SaleLineValues) => {
    // After a first save attempt, messages follow the changes (react-hook-form's reValidateMode).
    for (const [key, value] of Object.entries(line)) setValue(`${path}.${key as keyof SaleLineValues}`, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  return (
    <div className="space-y-0.5">
      <ProductPicker<SaleProductChoice>
        ref={field.ref}
        useChoices={useSaleProductChoices}
        text={name}
        picked={picked}
        label={t('lines.product')}
        invalid={Boolean(error)}
        describe={(p) => (p.kind === 'service' ? formatCop(p.price_cents) : t('lines.suggestion', { stock: p.quantity, price: formatCop(p.price_cents) }))}
        testId="line-product"
        onText={(text) => set({ ...getValues(path), product_id: '', product_code: '', product_name: text, iva_class: '', stock: null, kind: '' })}
        onPick={(p) => set(pickedLine(getValues(path), p))}
      />
      <p className="flex min-h-4 flex-wrap gap-x-2 text-xs text-muted">
        {picked && (
          <>
            <span className="font-mono" data-testid="line-code">
              {code || '—'}
            </span>
            {stock !== null && <span data-testid="line-stock">{t('lines.stock', { count: stock })}</span>}
            {iva && <span data-testid="line-iva">{t(`iva.${iva}`, { defaultValue: iva })}</span>}
          </>
        )}
      </p>
    </div>
  );
}

/** quantity × price − discount of the line. */
function TotalCell({ path }: { path: LinePath }) {
  const [price, quantity, discount] = useWatch<SaleValues, [`${LinePath}.price_cents`, `${LinePath}.quantity`, `${LinePath}.discount_cents`]>({
    name: [`${path}.price_cents`, `${path}.quantity`, `${path}.discount_cents`],
  });
  const total = lineTotal({ price_cents: price, quantity, discount_cents: discount });
  return (
    <span className="block whitespace-nowrap py-1.5 tabular-nums" data-testid="line-total">
      {total === null ? '—' : formatCop(total)}
    </span>
  );
}

/** The sale's lines grid. */
export function SaleLines() {
  const { t } = useTranslation('sales');
  const at = (line: LineCell) => line.path as LinePath;
  const columns: LineColumn[] = [
    { id: 'product', header: t('lines.product'), width: 'minmax(10rem,2fr)', wide: true, cell: (l) => <ProductCell path={at(l)} /> },
    {
      id: 'quantity',
      header: t('lines.quantity'),
      width: '4.5rem',
      align: 'end',
      cell: (l) => <LineInput<SaleValues> name={`${at(l)}.quantity`} inputMode="numeric" autoComplete="off" label={t('lines.quantity')} testId="line-quantity" className="text-end" />,
    },
    { id: 'price', header: t('lines.price'), width: 'minmax(6rem,1fr)', align: 'end', cell: (l) => <LineMoney<SaleValues> name={`${at(l)}.price_cents`} label={t('lines.price')} testId="line-price" /> },
    {
      id: 'discount',
      header: t('lines.discount'),
      width: 'minmax(5rem,0.8fr)',
      align: 'end',
      cell: (l) => <LineMoney<SaleValues> name={`${at(l)}.discount_cents`} label={t('lines.discount')} testId="line-discount" />,
    },
    { id: 'total', header: t('lines.total'), width: 'minmax(6rem,auto)', align: 'end', cell: (l) => <TotalCell path={at(l)} /> },
  ];
  return (
    <LinesField<SaleValues, 'lines'>
      name="lines"
      title={t('lines.title')}
      columns={columns}
      newLine={emptyLine}
      isBlank={isBlankLine}
      enterColumn="quantity"
      hint={t('lines.keyboardHint')}
      testId="sale-lines"
    />
  );
}
