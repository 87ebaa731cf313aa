/**
 * The one date and time rule of the web app (issue 9 §14, DESIGN §6).
 *
 * - Times are shown on the business's wall clock, America/Bogota, whatever the browser's zone:
 *   a purchase created at 06:56 UTC reads 01:56 everywhere (header, list, notification).
 * - Dates follow the language. Spanish: 24/11/2026 (day first, as in Colombia). Every other
 *   language, English included: ISO 2026-11-24. Not the US 11/24/2026: the office is bilingual,
 *   and the same screen read in Spanish and in English would show 03/04/2026 for two different
 *   days; ISO cannot be mistaken in either language, sorts as text and is what Excel and the API
 *   use.
 * - Times are 24-hour (13:56), in every language, for the same reason.
 * - A calendar day from the API ("2026-11-24": purchase and due dates, already a Bogota date) is
 *   never moved through a time zone; an instant ("2026-11-24T06:56:00Z") is converted to Bogota.
 */

/** The business time zone. */
export const BUSINESS_TIME_ZONE = 'America/Bogota';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The field order and separator of a language's dates. */
interface DatePattern {
  order: readonly ('d' | 'm' | 'y')[];
  separator: string;
  /** The placeholder of a date input, in the language's own letters. */
  placeholder: string;
}

const DAY_FIRST: DatePattern = { order: ['d', 'm', 'y'], separator: '/', placeholder: 'dd/mm/aaaa' };
const ISO: DatePattern = { order: ['y', 'm', 'd'], separator: '-', placeholder: 'yyyy-mm-dd' };

/** The date pattern of a language ('es', 'es-CO' → day first; anything else → ISO). */
export function datePattern(language: string | undefined): DatePattern {
  return (language ?? '').toLowerCase().split('-')[0] === 'es' ? DAY_FIRST : ISO;
}

interface Parts {
  y: string;
  m: string;
  d: string;
  hh: string;
  mm: string;
}

const bogotaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The parts of a value on Bogota's clock; undefined for an empty or unreadable value. */
function partsOf(value: string | Date | null | undefined): Parts | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return { y: day[1]!, m: day[2]!, d: day[3]!, hh: '00', mm: '00' };
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  const out: Record<string, string> = {};
  for (const p of bogotaParts.formatToParts(date)) out[p.type] = p.value;
  const { year = '', month = '', day = '', hour = '', minute = '' } = out;
  return { y: year, m: month, d: day, hh: hour, mm: minute };
}

function dateText(p: Parts, language: string | undefined): string {
  const pattern = datePattern(language);
  return pattern.order.map((k) => p[k]).join(pattern.separator);
}

/** A date in the language's pattern: "24/11/2026" (es) or "2026-11-24" (others); '' when empty. */
export function formatDate(value: string | Date | null | undefined, language: string | undefined): string {
  const p = partsOf(value);
  return p ? dateText(p, language) : '';
}

/** A date and 24-hour time on Bogota's clock: "24/11/2026 01:56" (es), "2026-11-24 01:56" (others). */
export function formatDateTime(value: string | Date | null | undefined, language: string | undefined): string {
  const p = partsOf(value);
  return p ? `${dateText(p, language)} ${p.hh}:${p.mm}` : '';
}

/** The 24-hour time on Bogota's clock: "01:56". */
export function formatTime(value: string | Date | null | undefined): string {
  const p = partsOf(value);
  return p ? `${p.hh}:${p.mm}` : '';
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar month "YYYY-MM" in the language's words: "nov 2026" (es), "Nov 2026" (en); other text as it is. */
export function formatMonth(value: string, language: string | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return value;
  const lang = language || 'es';
  let f = monthFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(lang, f);
  }
  return f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** Today's calendar day in Bogota, "YYYY-MM-DD". */
export function todayInBogota(now: Date = new Date()): string {
  const p = partsOf(now)!;
  return `${p.y}-${p.m}-${p.d}`;
}

/**
 * Reads what a person typed in a date input in the language's pattern ("24/11/2026", also
 * "24-11-2026" or "24.11.2026"; ISO in other languages) and returns the calendar day
 * "YYYY-MM-DD", or null when it is not a real date (31/02/2026). An ISO text is accepted in every
 * language (a paste from Excel or the API).
 */
export function parseDateInput(text: string, language: string | undefined): string | null {
  const trimmed = text.trim();
  const iso = CALENDAR_DAY.exec(trimmed);
  let y: number, m: number, d: number;
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const fields = trimmed.split(/[/.\-\s]+/);
    const pattern = datePattern(language);
    if (fields.length !== 3 || fields.some((f) => !/^\d+$/.test(f))) return null;
    const at = (k: 'd' | 'm' | 'y') => Number(fields[pattern.order.indexOf(k)]);
    [y, m, d] = [at('y'), at('m'), at('d')];
    if (fields[pattern.order.indexOf('y')]?.length !== 4) return null;
  }
  const check = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A calendar day "YYYY-MM-DD" as a date input shows it in the language ('' stays ''). */
export function dateInputText(day: string, language: string | undefined): string {
  return CALENDAR_DAY.test(day) ? formatDate(day, language) : day;
}
