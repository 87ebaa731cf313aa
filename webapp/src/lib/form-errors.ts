/** Maps the API's 422 field messages onto react-hook-form fields, and picks the text of a failure. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '@/lib/http';
import { translateServerMessage } from '@/lib/server-messages';

/** Sets every server field error that belongs to the form, in the user's language; returns whether any was set. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): boolean {
  if (!(error instanceof HttpError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: translateServerMessage(message) });
      applied = true;
    }
  }
  return applied;
}

/** The text to show for a failure, in the user's language: the server's error, else the client message. */
export function failureText(error: unknown): string | undefined {
  if (error instanceof HttpError) return translateServerMessage(error.serverError ?? error.message);
  return error instanceof Error ? translateServerMessage(error.message) : undefined;
}
