/**
 * The server's quote of a form in progress, asked again once typing pauses. The form builds the
 * request from its values (null while there is nothing to price); the feature's api file gives
 * the query hook that sends it (`usePurchaseQuote`, later the sales quote). The hook is only ever
 * called with a debounced request, so a burst of keystrokes costs one request, and TanStack
 * Query's cache answers a request seen before without asking again.
 */
import { useEffect, useMemo, useState } from 'react';
import { failureText } from '@/lib/form-errors';

/** How long typing must pause before the quote is asked again. */
export const QUOTE_DEBOUNCE_MS = 400;

/** `value` once it has stopped changing (by content, not identity) for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const key = JSON.stringify(value) ?? '';
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
    // value is represented by key: a new object with the same content must not restart the wait.
  }, [key, ms]);
  return key === settled.key ? value : settled.value;
}

/** What a quote query hook returns (the part the kit reads of TanStack Query's result). */
export interface QuoteQuery<R> {
  data: R | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/** The quote as a form shows it. */
export interface LiveQuote<R> {
  /** The last answer; undefined while there is nothing to price or none arrived yet. */
  data: R | undefined;
  /** Typing has not settled, or the answer is on its way: the numbers may be a moment old. */
  updating: boolean;
  /** Why no quote could be had, in the user's language. */
  error: string | undefined;
  /** The failure itself, for a message that shows the way forward (FailureMessage). */
  cause?: unknown;
}

/**
 * The live quote of `request`: `useQuote` (a query hook of the feature's api file, the same one
 * on every render) is called with the request once it settled for `ms`. A null request means
 * nothing to price: no request, no numbers.
 */
export function useLiveQuote<Q, R>(request: Q | null, useQuote: (request: Q | null) => QuoteQuery<R>, ms: number = QUOTE_DEBOUNCE_MS): LiveQuote<R> {
  const settled = useDebouncedValue(request, ms);
  const query = useQuote(settled);
  const waiting = useMemo(() => JSON.stringify(request) !== JSON.stringify(settled), [request, settled]);
  if (request === null) return { data: undefined, updating: false, error: undefined };
  return {
    data: query.data,
    updating: waiting || query.isFetching,
    error: query.isError && !waiting ? (failureText(query.error) ?? String(query.error)) : undefined,
    cause: query.isError && !waiting ? query.error : undefined,
  };
}
