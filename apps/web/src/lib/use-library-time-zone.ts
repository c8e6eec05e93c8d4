import { DEFAULT_TIME_ZONE } from '@app/shared';
import { useAppSelector } from './store/hooks';

/** The signed-in library's time zone (DESIGN.md §3: dates are the library's), India by default. */
export function useLibraryTimeZone(): string {
  return useAppSelector((state) => state.auth.userData?.library.timeZone) ?? DEFAULT_TIME_ZONE;
}
