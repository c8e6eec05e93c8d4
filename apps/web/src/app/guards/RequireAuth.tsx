import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '@/lib/store/hooks';

/** /app and below: a visitor without a stored admin session goes to /login (SPEC.md §2). */
export function RequireAuth() {
  const signedIn = useAppSelector((state) => state.auth.status);
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
