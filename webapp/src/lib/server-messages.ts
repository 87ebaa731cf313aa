/**
 * The one place where the server's English messages become the user's language.
 *
 * The API answers with English texts (`{"error": "Invalid OTP", "fields": {...}}`); the
 * `server-messages` namespace is keyed by that exact English text. Parameterised messages are
 * keys with `{{name}}` placeholders ("Invalid IP address: {{address}}"): a message that has no
 * exact entry is matched against those templates and the captured parts are passed back in as
 * interpolation values. A message nobody translated is shown as the server sent it.
 *
 * Every error display goes through here: `failureText` and `applyFieldErrors` (toasts, form
 * fields, load failures), and the sign-in and 2FA failure messages of the auth store.
 *
 * An amount the server writes in a message ("The payment exceeds the balance due ($ 1.234.567,50).",
 * platform/payable COP: always es-CO) is written again as the interface writes money (formatCop),
 * so the sentence and the figures beside it agree: "$1,234,567.50" in English.
 */
import type { i18n as I18n, TOptions } from 'i18next';
import { formatCop, parseCop } from '@/components/form/money';
import { i18n as appI18n } from './i18n/i18n';

/** The i18next namespace of the server's messages. */
export const SERVER_MESSAGES_NS = 'server-messages';

/** Keys are whole sentences with dots and colons: i18next must not split them. */
const LITERAL_KEY: TOptions = { ns: SERVER_MESSAGES_NS, keySeparator: false, nsSeparator: false };

/** The client's spec §8 rule appends ' (HTTP 409)'; the sentence before it is translated alone. */
const HTTP_SUFFIX = /^([\s\S]*) \(HTTP (\d{3})\)$/;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** A template key compiled to a regular expression with one named group per placeholder. */
interface CompiledTemplate {
  key: string;
  pattern: RegExp;
  /** Literal characters: more specific templates are tried first. */
  literalLength: number;
}

const compiled = new Map<string, CompiledTemplate>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles "Invalid IP address: {{address}}" into /^Invalid IP address: (?<address>.+?)$/. */
export function compileTemplate(key: string): CompiledTemplate {
  const cached = compiled.get(key);
  if (cached) return cached;
  let source = '';
  let literalLength = 0;
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    const literal = key.slice(last, match.index);
    source += escapeRegExp(literal);
    literalLength += literal.length;
    source += `(?<${match[1]}>.+?)`;
    last = match.index + match[0].length;
  }
  source += escapeRegExp(key.slice(last));
  literalLength += key.length - last;
  const template = { key, pattern: new RegExp(`^${source}$`, 's'), literalLength };
  compiled.set(key, template);
  return template;
}

/**
 * The template keys of the loaded bundles along the active language's resolution chain
 * (e.g. ar → es), most specific template first.
 */
function templates(instance: I18n): CompiledTemplate[] {
  const keys = new Set<string>();
  for (const language of instance.languages ?? []) {
    const bundle = instance.getResourceBundle(language, SERVER_MESSAGES_NS) as Record<string, unknown> | undefined;
    for (const key of Object.keys(bundle ?? {})) {
      if (key.includes('{{')) keys.add(key);
    }
  }
  return [...keys].map(compileTemplate).sort((a, b) => b.literalLength - a.literalLength);
}

/** The parts of `message` captured by `template`, or undefined when it does not match. */
export function matchTemplate(template: string, message: string): Record<string, string> | undefined {
  const match = compileTemplate(template).pattern.exec(message);
  if (!match) return undefined;
  return { ...match.groups };
}

/** An amount as the server writes it in its messages (platform/payable COP): "$ 1.234.567", "-$ 0,05". */
const SERVER_AMOUNT = /^-?\$ \d{1,3}(?:\.\d{3})*(?:,\d{2})?$/;

/** A template's captured parts, amounts written in `language`. */
function localValues(values: Record<string, string>, language: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const cents = SERVER_AMOUNT.test(value) ? parseCop(value) : null;
      return [name, cents === null ? value : formatCop(cents, language)];
    }),
  );
}

/** Translates one server message into the active language; unknown messages come back unchanged. */
export function translateServerMessage(message: string, instance: I18n = appI18n): string {
  const suffixed = HTTP_SUFFIX.exec(message);
  if (suffixed) return `${translateServerMessage(suffixed[1] ?? '', instance)} (HTTP ${suffixed[2]})`;
  if (message === '' || !instance.isInitialized) return message;
  if (instance.exists(message, LITERAL_KEY)) return instance.t(message, LITERAL_KEY);
  for (const template of templates(instance)) {
    const values = template.pattern.exec(message)?.groups;
    if (values) return instance.t(template.key, { ...LITERAL_KEY, ...localValues(values, instance.language), interpolation: { escapeValue: false } });
  }
  return message;
}

/** Translates every value of a `{field: message}` map (the API's 422 `fields`). */
export function translateFieldMessages(fields: Readonly<Record<string, string>>, instance: I18n = appI18n): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateServerMessage(message, instance)]));
}
