/**
 * The lines of a goods return: every line of the purchase with what was bought, what went back
 * already (approved), what awaits approval and what may still go back, and the units to return
 * now. A grid with column headers when its card is wide enough (a container query: the column
 * beside the totals is narrow on a laptop); narrower, each line is a card with its figures
 * labelled. A line with nothing left to return shows its figures and no input. Enter in a
 * quantity saves, as in any header field; the messages of a line are listed under it.
 */
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { lineControlClass, useFieldError, useFieldMessage } from '@/components/document-form';
import { cn } from '@/components/ui/cn';
import type { ReturnableLine } from '../api/returns';
import type { ReturnValues } from './return-form-model';

/**
 * The grid's tracks once the card is 48rem wide: product, four figures, unit cost, quantity —
 * fixed, so the header and every line (each its own grid) line up. The unit cost's 9rem holds
 * "$ 1.234.567.890,00".
 */
const GRID = '@3xl:grid @3xl:grid-cols-[minmax(8rem,1fr)_repeat(4,4.75rem)_9rem_5.5rem] @3xl:items-center @3xl:gap-2';

/** The goods lines of the form; `lines` are the purchase's, in the form's order. */
export function ReturnLines({ lines }: { lines: readonly ReturnableLine[] }) {
  const { t } = useTranslation('returns');
  const { errors } = useFormState<ReturnValues>({ name: 'lines' });
  const message = useFieldMessage();
  const listError = message(errors.lines?.root?.message ?? errors.lines?.message);
  const figures = (line: ReturnableLine) => [
    { id: 'purchased', label: t('lines.purchased'), value: line.quantity },
    { id: 'returned', label: t('lines.returned'), value: line.returned_quantity },
    { id: 'pending', label: t('lines.pending'), value: line.pending_quantity },
    { id: 'returnable', label: t('lines.returnable'), value: line.returnable_quantity },
  ];
  return (
    <div className="@container space-y-2" data-testid="return-lines">
      <h3 className="font-medium">{t('lines.title')}</h3>
      <div className={cn('hidden border-b border-line pb-1 text-xs font-medium leading-tight text-muted', GRID)} aria-hidden="true">
        <span>{t('lines.product')}</span>
        <span className="text-end">{t('lines.purchased')}</span>
        <span className="text-end">{t('lines.returned')}</span>
        <span className="text-end">{t('lines.pending')}</span>
        <span className="text-end">{t('lines.returnable')}</span>
        <span className="text-end">{t('lines.unitCost')}</span>
        <span className="text-end">{t('lines.quantity')}</span>
      </div>
      <ul className="space-y-2 @3xl:space-y-1">
        {lines.map((line, index) => (
          <li key={line.purchase_line_id} className={cn('rounded-md border border-line p-3 @3xl:rounded-none @3xl:border-0 @3xl:p-0 @3xl:py-1', GRID)} data-testid="return-line">
            <div className="min-w-0">
              <span className="block truncate font-medium" title={line.product_name} data-testid="return-line-product">
                {line.product_name}
              </span>
              <span className="block text-xs text-muted">{line.product_code}</span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm @3xl:contents">
              {figures(line).map((f) => (
                <div key={f.id} className="flex justify-between gap-2 @3xl:block @3xl:text-end">
                  <dt className="text-muted @3xl:sr-only">{f.label}</dt>
                  <dd className="tabular-nums" data-testid={`return-line-${f.id}`}>
                    {f.value}
                  </dd>
                </div>
              ))}
              <div className="col-span-2 flex justify-between gap-2 @3xl:col-span-1 @3xl:block @3xl:text-end">
                <dt className="text-muted @3xl:sr-only">{t('lines.unitCost')}</dt>
                <dd className="whitespace-nowrap tabular-nums">{formatCop(line.unit_cost_cents)}</dd>
              </div>
            </dl>
            <div className="mt-2 @3xl:mt-0">
              {line.returnable_quantity > 0 ? (
                <QuantityInput index={index} label={t('lines.quantityOf', { product: line.product_name })} max={line.returnable_quantity} />
              ) : (
                <span className="block text-end text-sm text-muted" data-testid="return-line-none">
                  {t('lines.nothingLeft')}
                </span>
              )}
            </div>
            <LineMessage index={index} />
          </li>
        ))}
      </ul>
      {listError && (
        <p className="text-sm text-danger" role="alert" data-testid="return-lines-error">
          {listError}
        </p>
      )}
    </div>
  );
}

/** The units to return of one line. */
function QuantityInput({ index, label, max }: { index: number; label: string; max: number }) {
  const { t } = useTranslation('returns');
  const { register } = useFormContext<ReturnValues>();
  const error = useFieldError(`lines.${index}.quantity`);
  return (
    <label className="flex items-center justify-between gap-2 @3xl:block">
      <span className="text-sm text-muted @3xl:sr-only">{t('lines.quantity')}</span>
      <input
        {...register(`lines.${index}.quantity`)}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-description={t('lines.upTo', { count: max })}
        data-testid="return-line-quantity"
        className={cn(lineControlClass, 'w-24 text-end tabular-nums @3xl:w-full')}
      />
    </label>
  );
}

/** A line's message under it (all columns wide): its quantity's, or the server's about the line itself. */
function LineMessage({ index }: { index: number }) {
  const quantity = useFieldError(`lines.${index}.quantity`);
  const line = useFieldError(`lines.${index}.purchase_line_id`);
  const error = quantity ?? line;
  if (!error) return null;
  return (
    <p className="mt-1 text-sm text-danger @3xl:col-span-full @3xl:mt-0 @3xl:text-end" role="alert" data-testid="return-line-error">
      {error}
    </p>
  );
}
