import { lazy, Suspense, useEffect } from 'react';
import { PageLoader } from '@/components/PageLoader';
import { AppShell } from '../layouts/AppShell';
import { useMeQuery } from '@/features/auth/api/auth-api';
import { parseAdmin, readSession, writeSession } from '@/lib/session';
import { login } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

const MustChangePasswordRoute = lazy(() =>
  import('../routes/must-change-password').then((m) => ({ default: m.MustChangePasswordRoute })),
);

/**
 * Inside /app (issue 16): the server's answer about the signed-in person replaces the stored
 * one, so a role changed by the owner, or a one-time password, takes effect on the next visit;
 * a person still on a one-time password sees only the screen to choose their own.
 */
export function SignedInShell() {
  const dispatch = useAppDispatch();
  const mustChange = useAppSelector((state) => state.auth.userData?.mustChangePassword === true);
  const me = useMeQuery();

  useEffect(() => {
    const admin = parseAdmin(me.data?.data);
    const session = readSession();
    if (!admin || !session) return;
    const fresh = { ...session, ...admin };
    if (JSON.stringify(fresh) === JSON.stringify(session)) return;
    writeSession(fresh);
    dispatch(login(fresh));
  }, [me.data, dispatch]);

  return mustChange ? (
    <Suspense fallback={<PageLoader />}>
      <MustChangePasswordRoute />
    </Suspense>
  ) : (
    <AppShell />
  );
}
