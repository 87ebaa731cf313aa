/** Shared by the procurement forms: the message to show for a field (client key or server text). */
import type { TFunction } from 'i18next';
import { HttpError } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-messages';

/** A field's message: `validation.*` keys are translated, server texts already are. */
export function fieldMessage(t: TFunction<'procurement'>, errors: Record<string, string>, field: string): string | undefined {
  const m = errors[field];
  return m === undefined ? undefined : m.startsWith('validation.') ? t(m) : m;
}

/** The server's 422 field messages in the user's language. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateServerMessage(v)]));
}
