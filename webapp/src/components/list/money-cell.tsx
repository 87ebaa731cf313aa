/** An amount in a list cell: COP as es-CO writes it, on one line, with aligned digits. */
import { formatCop } from '@/components/form/money';

/** The list cell of an amount of centavos ("$ 1.234.567"). */
export function MoneyCell({ cents }: { cents: number }) {
  return <span className="whitespace-nowrap tabular-nums">{formatCop(cents)}</span>;
}
