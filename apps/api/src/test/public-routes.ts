/** The routes anyone may call without a session, as `METHOD /path` (the security tests leave them out). */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/health/live',
  'POST /api/auth/register/library',
  'POST /api/auth/login',
  // Password recovery (issue 16): the emailed token is the credential; whether mail is set up is no secret.
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/mail-status',
  'POST /api/devices',
  // The Web Push key browsers subscribe with (issue 15): public, as every push request carries it.
  'GET /api/push/vapid-public-key',
  // The student app's sign-in (issue 15): the pairing code is the credential.
  'POST /api/student/session',
  // Joining the team from an invitation (issue 16): the emailed token is the credential.
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
] as const;

/**
 * The routes outside /api that anyone may call, on purpose: a shared receipt opens at
 * `/r/<token>` without signing in, the token (256 random bits) being the capability
 * (modules/receipts). The security tests walk them apart from the admin API.
 */
export const SHARED_RECEIPT_ROUTES = ['GET /r', 'GET /r/*', 'GET /r/:token', 'GET /r/:token/pdf'] as const;
