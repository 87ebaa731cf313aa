import { describe, expect, it } from 'vitest';
import { HttpError, NETWORK_ERROR_MESSAGE } from './http';
import { idempotencyKeys, newIdempotencyKey, requestFingerprint } from './idempotency';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('idempotency keys', () => {
  it('makes RFC 4122 v4 keys', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('keeps the key of a request that got no answer, for its retry', () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor('a')).toBe('key-1');
    keys.settle(new HttpError(NETWORK_ERROR_MESSAGE, { status: 0 }));
    expect(keys.keyFor('a')).toBe('key-1');
    // Another request is another submission.
    expect(keys.keyFor('b')).toBe('key-2');
  });

  it('spends the key once the server answered, saved or refused', () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor('a')).toBe('key-1');
    keys.settle();
    expect(keys.keyFor('a')).toBe('key-2');
    keys.settle(new HttpError('The payment exceeds the balance due ($ 10).', { status: 422 }));
    expect(keys.keyFor('a')).toBe('key-3');
  });

  it('sends with the key and settles it by the outcome', async () => {
    const keys = idempotencyKeys(counter());
    const lost = new HttpError(NETWORK_ERROR_MESSAGE, { status: 0 });
    await expect(keys.send('a', async () => Promise.reject(lost))).rejects.toBe(lost);
    expect(await keys.send('a', async (key) => key)).toBe('key-1');
    expect(await keys.send('a', async (key) => key)).toBe('key-2');
  });

  it('fingerprints the JSON and the files chosen', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png', lastModified: 1 });
    expect(requestFingerprint({ a: 1 }, [file])).toBe(requestFingerprint({ a: 1 }, [new File(['y'], 'a.png', { lastModified: 1 })]));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: 2 }));
  });
});
