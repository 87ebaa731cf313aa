/**
 * COP amounts as integer centavos (DESIGN §4: never floats). Parsing works on the digits of the
 * text and formatting hands Intl an exact decimal string, so no amount ever passes through a
 * binary fraction.
 */
import { i18n } from '@/lib/i18n/i18n';

/** Largest amount accepted (the API's limit: 1,000,000,000,000.00 pesos). */
export const MAX_CENTS = 100_000_000_000_000;

/** The exact decimal text of an amount of centavos: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of centavos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * An amount of centavos rounded to whole pesos, half away from zero, in integer arithmetic:
 * 4_576_229_823 → 4_576_229_800, 50 → 100, -50 → -100, -49 → 0.
 */
export function roundToPesos(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of centavos: ${cents}`);
  const rest = cents % 100; // the sign of `cents`
  if (rest === 0) return cents;
  return cents - rest + (Math.abs(rest) >= 50 ? Math.sign(cents) * 100 : 0);
}

/**
 * An amount as the interface language writes it, exact: "$ 1.234.567" and "$ 1.234.567,50" in
 * Spanish, "$1,234,567" and "$1,234,567.50" in English (decimals only when there are centavos).
 * Every table, statement, form and chart tooltip writes money with it; `language` defaults to
 * the interface's current one.
 */
export function formatCop(cents: number, language: string | undefined = i18n.language): string {
  return moneyFormat(language).exact(cents);
}

/** The editable text of an amount: "1234567" or "1234567,5"-style with two decimals, no grouping. */
export function centsToInput(cents: number): string {
  const [int, frac] = centsToDecimal(cents).split('.');
  return frac === '00' ? `${int}` : `${int},${frac}`;
}

/**
 * Reads what a person typed as an amount in pesos and returns centavos, or null when it is not
 * an amount. Colombian writing is the rule ('.' groups thousands, ',' marks decimals:
 * "1.234.567,50"); a single '.' followed by one or two digits is also read as decimals
 * ("1234.5"), because that is how a number pad types. "$", spaces and a leading '-' are allowed.
 */
export function parseCop(text: string): number | null {
  let s = text.replace(/[\s\u00a0$]/g, '').replace(/COP/gi, '');
  if (s === '') return null;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  let intPart: string;
  let fracPart = '';
  if (s.includes(',')) {
    const parts = s.split(',');
    if (parts.length !== 2) return null;
    [intPart, fracPart] = parts as [string, string];
    if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(intPart === '' ? '0' : intPart)) return null;
    intPart = intPart.replace(/\./g, '');
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [intPart, fracPart] = s.split('.') as [string, string];
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s) || /^\d+$/.test(s)) {
    intPart = s.replace(/\./g, '');
  } else {
    return null;
  }
  if (intPart === '') intPart = '0';
  if (!/^\d*$/.test(fracPart) || fracPart.length > 2) return null;
  const digits = (intPart + fracPart.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  const cents = Number(digits);
  if (cents > MAX_CENTS) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** How the interface writes amounts in one language (moneyFormat). */
export interface MoneyFormat {
  /** "$1,234,567.50" (en), "$ 1.234.567,50" (es): tables, statements, forms, a chart's tooltip; decimals only when there are centavos. */
  exact: (cents: number) => string;
  /** "$1,234,568" (en), "$ 1.234.568" (es): whole pesos, rounded half away from zero (roundToPesos), for figures read at a glance. */
  whole: (cents: number) => string;
  /** "$1.5M" (en), "$1,5 M" (es): a chart axis's ticks. */
  axis: (cents: number) => string;
  /** The currency's code, for a chart to name once (its axis title): "$" alone could be any dollar. */
  currency: string;
}

/** The locale that writes numbers in an interface language: Spanish, and no language yet, as Colombia does (es-CO). */
export function numberLocale(language: string | undefined): string {
  return !language || language.toLowerCase().startsWith('es') ? 'es-CO' : language;
}

const moneyFormats = new Map<string, MoneyFormat>();

/**
 * The one money formatter of the app (formatCop, dashboard, reports, charts), in the interface
 * language: Spanish as es-CO writes pesos, other languages with their own separators ("1,234.50"
 * in English, as their counts and percents are written beside it), all with the peso's narrow
 * "$" (no "COP 1.5M" beside "$ 1,5 M"). The amounts go to Intl as exact decimals.
 */
export function moneyFormat(language: string | undefined): MoneyFormat {
  const key = language ?? '';
  let money = moneyFormats.get(key);
  if (!money) {
    const locale = numberLocale(language);
    const base: Intl.NumberFormatOptions = { style: 'currency', currency: 'COP', currencyDisplay: 'narrowSymbol' };
    const short = new Intl.NumberFormat(locale, { ...base, notation: 'compact', maximumFractionDigits: 1 });
    const pesos = new Intl.NumberFormat(locale, { ...base, minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const centavos = new Intl.NumberFormat(locale, { ...base, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // A chart's tick may fall between centavos (Chart.js divides the range): rounded first, then exact.
    const whole = (c: number) => (Number.isInteger(c) ? c : Math.round(c));
    // Intl accepts exact decimal strings (ES2023 Intl.NumberFormat v3).
    const exact = (c: number) => centsToDecimal(c) as Intl.StringNumericLiteral;
    money = {
      exact: (c) => {
        const cents = whole(c);
        return (cents % 100 === 0 ? pesos : centavos).format(exact(cents));
      },
      whole: (c) => pesos.format(exact(roundToPesos(whole(c)))),
      axis: (c) => short.format(exact(whole(c))),
      currency: 'COP',
    };
    moneyFormats.set(key, money);
  }
  return money;
}
