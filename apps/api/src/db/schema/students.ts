import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    /** AES-256-GCM ciphertext of the Aadhaar number (iv.tag.data, base64url). */
    aadhaarEncrypted: text('aadhaar_encrypted').notNull(),
    /** Keyed hash (HMAC-SHA-256) of the Aadhaar number: uniqueness without the clear value. */
    aadhaarHash: text('aadhaar_hash').notNull(),
    aadhaarLast4: text('aadhaar_last4').notNull(),
    /** Storage keys of the re-encoded images (prefixed by library id). */
    profileKey: text('profile_key'),
    profileThumbKey: text('profile_thumb_key'),
    frontImageKey: text('front_image_key'),
    backImageKey: text('back_image_key'),
    kycStatus: text('kyc_status').notNull().default('pending'),
    status: text('status').notNull().default('active'),
    /** Lower-cased name, mobile and email, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || coalesce(last_name, '') || ' ' || mobile || ' ' || email)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('students_library_mobile_unique').on(table.libraryId, table.mobile),
    uniqueIndex('students_library_email_unique').on(table.libraryId, table.email),
    uniqueIndex('students_library_aadhaar_unique').on(table.libraryId, table.aadhaarHash),
    // The list's default order (name, case-insensitive, id last for stable pages): a page
    // is read straight off this index instead of sorting every student of the library.
    index('students_library_name_idx').on(
      table.libraryId,
      sql`lower(${table.firstName})`,
      sql`lower(coalesce(${table.lastName}, ''))`,
      table.id,
    ),
    index('students_library_created_idx').on(table.libraryId, table.createdAt, table.id),
    index('students_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('students_kyc_status_check', sql`${table.kycStatus} in ('pending', 'verified', 'rejected')`),
  ],
);

/** Who viewed or changed what: identity-data views, sign-ins, deletions (DESIGN.md §5). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    detail: text('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_library_created_idx').on(table.libraryId, table.createdAt)],
);
