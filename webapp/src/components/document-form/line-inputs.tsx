/**
 * Compact controls for the cells of a lines grid, bound to react-hook-form by path
 * (`lines.2.quantity`): no visible label (the column header is one; the control carries its
 * aria-label), red border when the path has an error. The messages themselves are listed under
 * the line by LinesField.
 */
import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useMoneyText } from '@/components/form/money-field';
import { cn } from '@/components/ui/cn';
import { useDateText } from '@/components/ui/date-field';
import { useFieldError } from './fields';

/** Classes of a grid cell's control. */
export const lineControlClass =
  'block w-full rounded-md border border-line bg-card px-2 py-1.5 text-sm text-fg placeholder:text-muted ' +
  'focus:border-primary focus:outline-2 focus:outline-primary/40 aria-[invalid=true]:border-danger disabled:opacity-60';

interface LineBound<T extends FieldValues> {
  name: Path<T>;
  /** The control's accessible name (the column's header). */
  label: string;
  testId?: string;
}

/** A text, date or numeric input of a line. */
export function LineInput<T extends FieldValues>({ name, label, testId, className, ...rest }: LineBound<T> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return <input {...rest} {...register(name)} aria-label={label} aria-invalid={error ? true : undefined} data-testid={testId} className={cn(lineControlClass, className)} />;
}

/** A select of a line; `options` includes the placeholder (value ''). Controlled, like FormSelect. */
export function LineSelect<T extends FieldValues>({
  name,
  label,
  testId,
  options,
  className,
  onValue,
  ...rest
}: LineBound<T> & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange'> & {
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Called after the value changed (e.g. a category change clears the product). */
  onValue?: (value: string) => void;
}) {
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <select
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value as string}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValue?.(e.target.value);
      }}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
      className={cn(lineControlClass, className)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** An amount in pesos of a line, held as integer centavos (null while empty or not an amount). */
export function LineMoney<T extends FieldValues>({ name, label, testId, className }: LineBound<T> & { className?: string }) {
  const { field } = useController<T>({ name });
  const { text, onTextChange } = useMoneyText(field.value as number | null, field.onChange);
  const error = useFieldError(name);
  return (
    <input
      ref={field.ref}
      name={field.name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => onTextChange(e.target.value)}
      onBlur={field.onBlur}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
      className={cn(lineControlClass, 'text-end tabular-nums', className)}
    />
  );
}

/** A calendar day of a line, typed in the interface language's pattern (the rule of DateField). */
export function LineDate<T extends FieldValues>({ name, label, testId, className }: LineBound<T> & { className?: string }) {
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  const date = useDateText((field.value as string | undefined) ?? '', field.onChange);
  return (
    <input
      ref={field.ref}
      name={field.name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={date.placeholder}
      value={date.text}
      onChange={(e) => date.onTextChange(e.target.value)}
      onBlur={() => {
        date.onTextBlur();
        field.onBlur();
      }}
      aria-label={label}
      aria-invalid={error || date.invalid ? true : undefined}
      title={date.invalid ? date.invalidMessage : undefined}
      data-testid={testId}
      className={cn(lineControlClass, className)}
    />
  );
}
