import { DEFAULT_TIME_ZONE, type StudentMe } from '@app/shared';
import { readSavedData } from './last-data';

/** The library's time zone, from the last `me` answer (Home loads it first), else India's. */
export function libraryTimeZone(): string {
  return readSavedData<StudentMe>('me')?.data.library.time_zone ?? DEFAULT_TIME_ZONE;
}
