/**
 * Saving a document form: the save call, the success toast and what follows it; on failure the
 * server's 422 field messages on their fields ("lines[2].quantity" on the third line's quantity,
 * counted among the lines that were sent, since blank lines are left out of a save), the ones
 * no field takes in a banner over the form, and the failure toast. A client check that fails
 * toasts its first message; the fields show the rest.
 */
import { createElement } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureText, placeServerErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MissingUvt, missingUvtYear } from './missing-uvt';

/** Where the form's lines are and which of them a save leaves out. */
export interface LinesOfSave<L> {
  /** The array's name ("lines"). */
  name: string;
  isBlank: (line: L) => boolean;
}

/** Options of useDocumentSubmit. */
export interface DocumentSubmitOptions<T extends FieldValues, R, L = unknown> {
  form: UseFormReturn<T>;
  /** i18n namespace of the form's `validation.*` keys (as DocumentForm's ns). */
  ns: string;
  save: (values: T) => Promise<R>;
  /** After the success toast: usually navigate back to the list. */
  onSaved: (result: R) => void;
  savedTitle: string;
  /** The toast's second line, e.g. the saved reference. */
  savedDescription?: (result: R) => string | undefined;
  failedTitle: string;
  /**
   * The failure toast's second line when the server's text alone does not say enough (a run
   * names the document its message is about); default: the server's text.
   */
  failedDescription?: (error: unknown, text: string | undefined, values: T) => string | undefined;
  lines?: LinesOfSave<L>;
}

/**
 * The form path a server field names, or undefined when the form has no such field. Line
 * indexes of the server count the sent lines; `sent[i]` is the form index of the i-th of them.
 * An array's own message goes to its `root`.
 */
export function placeOf(path: string, values: unknown, lines?: { name: string; sent: readonly number[] }): string | undefined {
  let target = path;
  if (lines) {
    const m = new RegExp(`^${lines.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)(\\..*)?$`).exec(path);
    if (m) {
      const formIndex = lines.sent[Number(m[1])];
      if (formIndex === undefined) return undefined;
      target = `${lines.name}.${formIndex}${m[2] ?? ''}`;
    }
  }
  let value: unknown = values;
  for (const key of target.split('.')) {
    if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return Array.isArray(value) ? `${target}.root` : target;
}

/** The first message of a form's errors (depth first), or undefined. */
export function firstMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** The handlers to give DocumentForm. */
export function useDocumentSubmit<T extends FieldValues, R, L = unknown>(options: DocumentSubmitOptions<T, R, L>) {
  const { t } = useTranslation(options.ns);
  const { form } = options;
  const onSubmit = async (values: T) => {
    const lines = options.lines;
    const sent = lines ? ((values as Record<string, unknown>)[lines.name] as L[]).flatMap((line, i) => (lines.isBlank(line) ? [] : [i])) : [];
    try {
      const result = await options.save(values);
      toast.success(options.savedTitle, options.savedDescription?.(result));
      options.onSaved(result);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const unplaced = placeServerErrors(fields, form.setError, (path) => placeOf(path, values, lines && { name: lines.name, sent }), true);
      const text = failureText(error);
      // A year without a UVT gets its own banner, with the way forward (MissingUvt).
      const uvtYear = missingUvtYear(error);
      if (uvtYear) form.setError('root.uvt', { type: 'server', message: uvtYear });
      const banner = [...new Set([...unplaced, ...(fields.length === 0 && text && !uvtYear ? [text] : [])])];
      if (banner.length) form.setError('root.server', { type: 'server', message: banner.join(' ') });
      // The toast says the way forward too: the server's "An administrator must add it" is no
      // help to the administrator, nor a way to the UVT page.
      const description = uvtYear
        ? createElement(MissingUvt, { year: uvtYear })
        : options.failedDescription
          ? options.failedDescription(error, text, values)
          : text;
      toast.error(options.failedTitle, description);
    }
  };
  const onInvalid = (errors: FieldErrors<T>) => {
    const first = firstMessage(errors);
    toast.error(options.failedTitle, first?.startsWith('validation.') ? t(first) : first);
  };
  return { onSubmit, onInvalid };
}
