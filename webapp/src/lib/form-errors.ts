/** Maps the API's 422 field messages onto react-hook-form fields. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '@/lib/http';

/** Sets every server field error that belongs to the form; returns whether any was set. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
): boolean {
  if (!(error instanceof HttpError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** The text to show for a failure: the server's error, else the client message. */
export function failureText(error: unknown): string | undefined {
  if (error instanceof HttpError) return error.serverError ?? error.message;
  return error instanceof Error ? error.message : undefined;
}
