import { sql } from 'drizzle-orm';
import { DEFAULT_RETENTION_DAYS, privacyMessages } from '@app/shared';
import type { DbOrTx } from './client';

/** A library's privacy terms (issue 19): its notice, retention and the library's today. */
export interface PrivacyTerms {
  libraryName: string;
  timeZone: string;
  /** The library's date today, `YYYY-MM-DD`. */
  today: string;
  /** The owner's own notice; null: the catalogue's default. */
  privacyNotice: string | null;
  retentionDays: number;
  keepAadhaarLast4: boolean;
}

/** The library's privacy terms, with the defaults when its settings were never saved. */
export async function findPrivacyTerms(db: DbOrTx, libraryId: string): Promise<PrivacyTerms | undefined> {
  const result = await db.execute<{
    library_name: string;
    time_zone: string;
    today: string;
    privacy_notice: string | null;
    retention_days: number | null;
    keep_aadhaar_last4: boolean | null;
  }>(sql`
    select l.name as library_name, l.time_zone,
           to_char((now() at time zone l.time_zone)::date, 'YYYY-MM-DD') as today,
           ls.privacy_notice, ls.retention_days, ls.keep_aadhaar_last4
    from libraries l left join library_settings ls on ls.library_id = l.id
    where l.id = ${libraryId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    libraryName: row.library_name,
    timeZone: row.time_zone,
    today: row.today,
    privacyNotice: row.privacy_notice,
    retentionDays: row.retention_days ?? DEFAULT_RETENTION_DAYS,
    keepAadhaarLast4: row.keep_aadhaar_last4 ?? false,
  };
}

/** The notice shown and agreed to: the owner's, else the catalogue's default for this library. */
export function effectiveNotice(terms: {
  libraryName: string;
  privacyNotice: string | null;
  retentionDays: number;
}): string {
  return terms.privacyNotice ?? privacyMessages.defaultNotice(terms.libraryName, terms.retentionDays);
}
