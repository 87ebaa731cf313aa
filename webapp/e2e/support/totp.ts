/** RFC 6238 TOTP (HMAC-SHA1, 30 s step, 6 digits), the parameters Google Authenticator uses. */
import { createHmac } from 'node:crypto';

/** Length of one TOTP step. */
export const STEP_MS = 30_000;

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = secret.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The step number of a moment. */
export function stepAt(ms: number = Date.now()): number {
  return Math.floor(ms / STEP_MS);
}

/** The 6-digit code of a step. */
export function totp(secret: string, step: number = stepAt()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, '0');
}

/** A 6-digit code that is valid for none of the steps around now (-2…+2). */
export function wrongCode(secret: string): string {
  const now = stepAt();
  const taken = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, now + d)));
  for (let n = 123456; ; n = (n + 111_111) % 1_000_000) {
    const code = n.toString().padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

/** Resolves once the clock is in a step later than `step` (at most one step of waiting). */
export async function waitForStepAfter(step: number): Promise<number> {
  const target = (step + 1) * STEP_MS;
  const wait = target - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 250));
  return stepAt();
}
