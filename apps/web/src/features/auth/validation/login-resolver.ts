import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@app/shared';

/** The sign-in form's validation: the shared schema, loaded with zod on first use (see lazy-login-resolver). */
export const loginResolver = zodResolver(loginSchema);
