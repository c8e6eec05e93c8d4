/** The routes anyone may call without a session, as `METHOD /path` (the security tests leave them out). */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/health/live',
  'POST /api/auth/register/library',
  'POST /api/auth/login',
  'POST /api/devices',
] as const;
