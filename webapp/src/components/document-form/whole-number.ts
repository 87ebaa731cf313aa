/**
 * A whole number as a person types it in a document form (a line's quantity, days of credit):
 * digits only, spaces around ignored, more than zero. Anything else is not a number yet.
 */

/** The number `text` states, or null unless it is 1 or more with at most `maxDigits` digits. */
export function positiveWhole(text: string, maxDigits = 9): number | null {
  const t = text.trim();
  if (t.length > maxDigits || !/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}
