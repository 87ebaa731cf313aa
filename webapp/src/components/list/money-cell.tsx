/** An amount in a list cell: COP as the interface language writes it, on one line, with aligned digits. */
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';

/** The list cell of an amount of centavos ("$ 1.234.567" in Spanish, "$1,234,567" in English). */
export function MoneyCell({ cents }: { cents: number }) {
  // The language from the hook: the cell is written again when it changes.
  const { i18n } = useTranslation();
  return <span className="whitespace-nowrap tabular-nums">{formatCop(cents, i18n.language)}</span>;
}
