/**
 * The API's 422 field messages on react-hook-form fields, and the text of a failure.
 *
 * The server names a field the way its validator saw it: "reference_no", "lines.2.quantity",
 * "lines[2].quantity" (huma's JSON locations) or "body.lines[2].quantity"; `formPath` turns all
 * of them into react-hook-form's dotted path. Messages are translated on the way in.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '@/lib/http';
import { translateServerMessage } from '@/lib/server-messages';

/** Where huma says a value came from; the form does not care. */
const LOCATION_PREFIX = /^(body|form|query|path|header|data)\./;

/**
 * A server field name as a react-hook-form path: "body.lines[2].cost_cents", "lines[2].cost_cents"
 * and "lines.2.cost_cents" all become "lines.2.cost_cents".
 */
export function formPath(serverField: string): string {
  return serverField.replace(LOCATION_PREFIX, '').replace(/\[(\d+)\]/g, '.$1');
}

/** One server field message, placed or not. */
export interface ServerFieldError {
  /** The form path (after formPath and the caller's remapping). */
  path: string;
  /** The message in the user's language. */
  message: string;
}

/** The server's field messages of a failure, in form paths and the user's language ([] when none). */
export function serverFieldErrors(error: unknown, remap: (path: string) => string = (p) => p): ServerFieldError[] {
  if (!(error instanceof HttpError)) return [];
  return Object.entries(error.fields).map(([field, message]) => ({ path: remap(formPath(field)), message: translateServerMessage(message) }));
}

/**
 * Sets every server field error whose path `place` accepts (place returns the path to set, or
 * undefined when the form has no such field), focusing the first when `focus`; returns the
 * messages that found no field, for the form to show as a whole.
 */
export function placeServerErrors<T extends FieldValues>(
  errors: readonly ServerFieldError[],
  setError: UseFormSetError<T>,
  place: (path: string) => string | undefined,
  focus = false,
): string[] {
  const unplaced: string[] = [];
  let first = focus;
  for (const { path, message } of errors) {
    const target = place(path);
    if (target === undefined) {
      unplaced.push(message);
      continue;
    }
    if (first) setError(target as Path<T>, { type: 'server', message }, { shouldFocus: true });
    else setError(target as Path<T>, { type: 'server', message });
    first = false;
  }
  return unplaced;
}

/** Sets every server field error that belongs to the form, in the user's language; returns whether any was set. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): boolean {
  const errors = serverFieldErrors(error);
  const unplaced = placeServerErrors(errors, setError, (path) => ((known as readonly string[]).includes(path) ? path : undefined));
  return unplaced.length < errors.length;
}

/** The text to show for a failure, in the user's language: the server's error, else the client message. */
export function failureText(error: unknown): string | undefined {
  if (error instanceof HttpError) return translateServerMessage(error.serverError ?? error.message);
  return error instanceof Error ? translateServerMessage(error.message) : undefined;
}
