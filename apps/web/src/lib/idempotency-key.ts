import { useCallback, useRef } from 'react';

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts, and a library
 * may open the app over plain http on its own network, so fall back to getRandomValues.
 */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key for a submission (`keyFor(body)`): the same key while the body is the
 * same (a retry after a lost answer is then answered once, not booked twice), a fresh one
 * when the owner changes the form, since the server refuses a key reused for a different
 * body. A dialog starts each opening with a fresh key: it remounts, or calls `forget()`,
 * so a second payment of the same amount later is not taken for a retry of the first.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const forget = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, forget };
}
