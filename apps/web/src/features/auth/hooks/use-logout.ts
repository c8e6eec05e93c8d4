import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { coreMessages } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { logout } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';
import { useLogoutMutation } from '../api/auth-api';

/** Logout (SPEC.md §2 Shell): tell the server, but sign out locally whatever it answers. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logoutCall, { isLoading }] = useLogoutMutation();

  const signOut = useCallback(async () => {
    // The server revokes the token; an unreachable server must not keep anyone signed in.
    await logoutCall().catch(() => undefined);
    clearSession();
    dispatch(logout());
    dispatch(baseApi.util.resetApiState());
    toast.success(coreMessages.auth.loggedOut);
    navigate('/login', { replace: true });
  }, [logoutCall, dispatch, navigate]);

  return { signOut, isSigningOut: isLoading };
}
