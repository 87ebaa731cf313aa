/**
 * Idempotency-Key for the money-moving creates (DESIGN §3: a payment, a run of payments). The
 * server answers a request that repeats a key with the first answer and records nothing new,
 * so a key must name one submission of the form:
 *
 * - a new submission gets a new key (paying the same amount twice on purpose is two payments);
 * - the same request sent again after a network failure — no answer came, so the first may or
 *   may not have been recorded — carries the same key (the transport's own retry against the
 *   swapped host resends the very request, header included);
 * - once the server answered (saved, or refused with a message), the key is spent: sending the
 *   corrected form again is a new submission (the same key would only repeat the refusal).
 *
 * A double click never reaches the server twice: the forms disable Save while one is on its way.
 */
import { HttpError } from './http';

/** The header's name. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a failure came with no answer from the server (the request may have been recorded). */
export function unanswered(error: unknown): boolean {
  return error instanceof HttpError && error.status === 0;
}

/** The keys of one form's submissions. */
export interface IdempotencyKeys {
  /** The key of a submission of `request` (any text that tells two requests apart). */
  keyFor: (request: string) => string;
  /** Records how the submission ended: only a failure without an answer keeps its key. */
  settle: (error?: unknown) => void;
  /** Sends `request` with `send(key)` and settles its key by how it ended. */
  send: <R>(request: string, send: (key: string) => Promise<R>) => Promise<R>;
}

/** The submissions' keys of one form (keep one per mounted form, e.g. in a ref). */
export function idempotencyKeys(make: () => string = newIdempotencyKey): IdempotencyKeys {
  let open: { request: string; key: string } | undefined;
  const keys: IdempotencyKeys = {
    keyFor(request) {
      if (open?.request !== request) open = { request, key: make() };
      return open.key;
    },
    settle(error) {
      if (!unanswered(error)) open = undefined;
    },
    async send(request, send) {
      try {
        const answer = await send(keys.keyFor(request));
        keys.settle();
        return answer;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
  };
  return keys;
}

/**
 * What tells two submissions with files apart: the JSON sent and each file's name, size and
 * modification time (the bytes are not read for this).
 */
export function requestFingerprint(json: unknown, files: readonly File[] = []): string {
  return JSON.stringify([json, files.map((f) => [f.name, f.size, f.lastModified])]);
}
