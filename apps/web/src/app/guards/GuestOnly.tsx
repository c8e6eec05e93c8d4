import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '@/lib/store/hooks';

/** /login and /register: a signed-in admin goes straight to the dashboard (SPEC.md §2). */
export function GuestOnly() {
  const signedIn = useAppSelector((state) => state.auth.status);
  return signedIn ? <Navigate to="/app/dashboard" replace /> : <Outlet />;
}
