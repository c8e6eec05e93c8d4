import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export class DemoApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${statusCode}: ${body}`);
  }
}

/**
 * The demo talks to the real application in-process (Fastify `inject`), so every
 * rule of the API (validation, capacity, renewals, fees) applies to what it seeds.
 */
export function demoClient(app: FastifyInstance, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const call = async <T>(method: Method, url: string, payload?: unknown): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode >= 300) throw new DemoApiError(response.statusCode, response.body, `${method} ${url}`);
    return (response.json() as { data: T }).data;
  };
  return {
    app,
    get: <T>(url: string) => call<T>('GET', url),
    post: <T>(url: string, body: unknown) => call<T>('POST', url, body),
    put: <T>(url: string, body: unknown) => call<T>('PUT', url, body),
    patch: <T>(url: string, body: unknown) => call<T>('PATCH', url, body),
    /** A multipart form, as the web app sends the student form. */
    form: async <T>(url: string, form: FormData) => call<T>('POST', url, form),
  };
}

export type DemoClient = ReturnType<typeof demoClient>;
