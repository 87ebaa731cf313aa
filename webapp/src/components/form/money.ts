/**
 * COP amounts as integer centavos (DESIGN §4: never floats). Parsing works on the digits of the
 * text and formatting hands Intl an exact decimal string, so no amount ever passes through a
 * binary fraction.
 */

/** Largest amount accepted (the API's limit: 1,000,000,000,000.00 pesos). */
export const MAX_CENTS = 100_000_000_000_000;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = String(fractionDigits);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** The exact decimal text of an amount of centavos: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of centavos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "$ 1.234.567" for whole pesos, "$ 1.234.567,50" when there are centavos (es-CO, COP). */
export function formatCop(cents: number): string {
  const decimal = centsToDecimal(cents);
  const whole = cents % 100 === 0;
  // Intl accepts exact decimal strings (ES2023 Intl.NumberFormat v3).
  return formatter(whole ? 0 : 2).format(decimal as Intl.StringNumericLiteral);
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

/** How a chart writes amounts: short on its axis, whole in its tooltip, and the currency it names once. */
export interface ChartMoney {
  /** "$1.5M" (en), "$1,5 M" (es): the axis's ticks. */
  axis: (cents: number) => string;
  /** "$1,234,567.50" (en), "$ 1.234.567,50" (es): a point's tooltip; decimals only when there are centavos. */
  value: (cents: number) => string;
  /** The currency's code, for the chart to name once (its axis title): "$" alone could be any dollar. */
  currency: string;
}

const chartMoneys = new Map<string, ChartMoney>();

/**
 * The one money formatter of every chart (dashboard and reports), in the interface language:
 * Spanish as es-CO writes pesos, other languages as they write them, all with the narrow "$"
 * (no "COP 1.5M" beside "$ 1,5 M"). The amounts go to Intl as exact decimals.
 */
export function chartMoney(language: string): ChartMoney {
  let money = chartMoneys.get(language);
  if (!money) {
    // Spanish, and the moment before i18next knows a language, as Colombia writes pesos.
    const locale = !language || language.startsWith('es') ? 'es-CO' : language;
    const base: Intl.NumberFormatOptions = { style: 'currency', currency: 'COP', currencyDisplay: 'narrowSymbol' };
    const short = new Intl.NumberFormat(locale, { ...base, notation: 'compact', maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat(locale, { ...base, minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat(locale, { ...base, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // A tick may fall between centavos (Chart.js divides the range): rounded first, then exact.
    const exact = (c: number) => centsToDecimal(Math.round(c)) as Intl.StringNumericLiteral;
    money = {
      axis: (c) => short.format(exact(c)),
      value: (c) => (Math.round(c) % 100 === 0 ? whole : cents).format(exact(c)),
      currency: 'COP',
    };
    chartMoneys.set(language, money);
  }
  return money;
}
