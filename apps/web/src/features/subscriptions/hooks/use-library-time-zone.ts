import { DEFAULT_TIME_ZONE } from '@app/shared';
import { useAppSelector } from '@/lib/store/hooks';

/** The signed-in library's time zone: its dates ("today", created and updated times) are read there. */
export function useLibraryTimeZone(): string {
  return useAppSelector((state) => state.auth.userData?.library.timeZone) ?? DEFAULT_TIME_ZONE;
}

/** Today's date (`YYYY-MM-DD`) in a time zone. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
