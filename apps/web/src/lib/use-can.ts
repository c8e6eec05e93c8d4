import { can, type Ability, type Role } from '@app/shared';
import { useAppSelector } from './store/hooks';

/** The signed-in person's role (issue 16), or undefined when nobody is signed in. */
export function useRole(): Role | undefined {
  return useAppSelector((state) => state.auth.userData?.role);
}

/**
 * Whether the signed-in person's role may do `ability` (roles.ts, the table the API enforces):
 * screens hide what it cannot do. The server refuses it anyway with a 403.
 */
export function useCan(ability: Ability): boolean {
  return can(useRole(), ability);
}
