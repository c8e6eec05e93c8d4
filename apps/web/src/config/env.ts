const API_BASE_RULE = 'VITE_API_BASE must be a path like /api or an http(s) URL';

/**
 * The API base from `VITE_API_BASE` (default `/api`), trimmed and without a trailing slash.
 * Checked by hand rather than with zod so the entry chunk carries no schema library.
 */
export function parseApiBase(raw: string | undefined): string {
  const value = (raw ?? '/api').trim();
  if (!value.startsWith('/') && !/^https?:\/\//.test(value)) {
    // Fail fast at start-up: a wrong base URL would otherwise surface as confusing 404s.
    throw new Error(`Invalid environment: ${API_BASE_RULE} (VITE_API_BASE is "${raw}")`);
  }
  return value.replace(/\/+$/, '');
}

export const env = { apiBase: parseApiBase(import.meta.env.VITE_API_BASE) };
