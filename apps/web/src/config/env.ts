import { z } from 'zod';

const envSchema = z.object({
  VITE_API_BASE: z
    .string()
    .trim()
    .min(1)
    .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), {
      error: 'VITE_API_BASE must be a path like /api or an http(s) URL',
    })
    .default('/api'),
});

function parseEnv() {
  const parsed = envSchema.safeParse({ VITE_API_BASE: import.meta.env.VITE_API_BASE ?? '/api' });
  if (!parsed.success) {
    // Fail fast at start-up: a wrong base URL would otherwise surface as confusing 404s.
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  return { apiBase: parsed.data.VITE_API_BASE.replace(/\/+$/, '') };
}

export const env = parseEnv();
