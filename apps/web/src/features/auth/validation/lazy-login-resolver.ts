import type { Resolver } from 'react-hook-form';
import type { LoginInput } from '@app/shared';

type LoginResolver = Resolver<LoginInput, unknown, LoginInput>;

let loading: Promise<LoginResolver> | undefined;

/**
 * Starts loading the sign-in validation (the shared zod schema and zod itself, about 30 kB
 * gzipped) if it is not loaded yet. The form calls this when the visitor starts typing, so the
 * page's first load stays within the issue 8 budget and the check is there by the time it runs.
 */
export function preloadLoginResolver(): Promise<LoginResolver> {
  loading ??= import('./login-resolver').then((module) => module.loginResolver as LoginResolver);
  return loading;
}

/** react-hook-form resolver with the same results as `zodResolver(loginSchema)`; it waits for the load. */
export const lazyLoginResolver: LoginResolver = async (values, context, options) =>
  (await preloadLoginResolver())(values, context, options);
