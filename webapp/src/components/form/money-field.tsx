/**
 * An amount input for COP: the person types pesos ("85.000" or "1.234,50"), the form holds
 * integer centavos. Bound to react-hook-form through a Controller in the feature's form.
 */
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { centsToInput, formatCop, parseCop } from './money';

/** Props of MoneyField. */
export interface MoneyFieldProps {
  label: ReactNode;
  /** Centavos, or null when empty/invalid. */
  value: number | null;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  testId?: string;
  name?: string;
  /** The input (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The text of an amount input bound to centavos: what the person typed stays as typed, outside
 * changes of the value (a form reset) replace it. `parsed` is the typed amount, or null.
 */
export function useMoneyText(value: number | null, onChange: (cents: number | null) => void) {
  const [text, setText] = useState(value === null ? '' : centsToInput(value));
  useEffect(() => {
    // Follow outside changes (form reset), but not our own keystrokes.
    if (value === null ? text.trim() === '' || parseCop(text) !== null : parseCop(text) !== value) {
      setText(value === null ? '' : centsToInput(value));
    }
  }, [value]);
  return {
    text,
    parsed: parseCop(text),
    onTextChange: (next: string) => {
      setText(next);
      onChange(parseCop(next));
    },
  };
}

/** The money input; shows the amount it read, as the interface language writes it, as its hint. */
export function MoneyField({ label, value, onChange, onBlur, error, required, testId, name, ref }: MoneyFieldProps) {
  const { i18n } = useTranslation();
  const { text, parsed, onTextChange } = useMoneyText(value, onChange);
  return (
    <TextField
      ref={ref}
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      aria-required={required || undefined}
      data-testid={testId}
      error={error}
      hint={parsed !== null ? formatCop(parsed, i18n.language) : undefined}
      onChange={(e) => onTextChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}
