import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';

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
    /**
     * AES-256-GCM ciphertext of the Aadhaar number (iv.tag.data, base64url); null once the
     * identity documents are erased (issue 19).
     */
    aadhaarEncrypted: text('aadhaar_encrypted'),
    /** Keyed hash (HMAC-SHA-256) of the Aadhaar number: uniqueness without the clear value. Null once erased. */
    aadhaarHash: text('aadhaar_hash'),
    /** Null once erased, unless the library keeps the last four digits for its books. */
    aadhaarLast4: text('aadhaar_last4'),
    /** Storage keys of the re-encoded images (prefixed by library id). */
    profileKey: text('profile_key'),
    profileThumbKey: text('profile_thumb_key'),
    frontImageKey: text('front_image_key'),
    backImageKey: text('back_image_key'),
    kycStatus: text('kyc_status').notNull().default('pending'),
    /** `active`, or `left` once the student has left the library (issue 19; `left_at` says when). */
    status: text('status').notNull().default('active'),
    /** Issue 20: the language the student chose in the student app; null until they choose one. */
    language: text('language').$type<'en' | 'hi'>(),
    /**
     * Consent at collection (issue 19, DPDP Act 2023): when the notice was shown and agreed to,
     * which staff member recorded it, who agreed (the student, or a parent or guardian for a
     * student under 18) and the notice's text as it was then. Null for students added before
     * issue 19 until their next save with documents, which requires it.
     */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentRecordedBy: uuid('consent_recorded_by').references(() => admins.id, { onDelete: 'set null' }),
    consentGivenBy: text('consent_given_by'),
    consentNotice: text('consent_notice'),
    /** When the student left and who marked it; null while a member. */
    leftAt: timestamp('left_at', { withTimezone: true }),
    leftBy: uuid('left_by').references(() => admins.id, { onDelete: 'set null' }),
    /**
     * When the identity documents (Aadhaar number and the three images) were erased, and by
     * whom (null by: the retention job). Cleared when new documents are saved on a return.
     */
    documentsErasedAt: timestamp('documents_erased_at', { withTimezone: true }),
    documentsErasedBy: uuid('documents_erased_by').references(() => admins.id, { onDelete: 'set null' }),
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
    // Issue 18: the dashboard's count of members (students who left are not counted), index-only.
    index('students_library_active_idx')
      .on(table.libraryId, table.id)
      .where(sql`${table.status} = 'active'`),
    index('students_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('students_kyc_status_check', sql`${table.kycStatus} in ('pending', 'verified', 'rejected')`),
    check('students_status_check', sql`${table.status} in ('active', 'left')`),
    check('students_language_check', sql`${table.language} in ('en', 'hi')`),
    check('students_left_status_check', sql`(${table.status} = 'left') = (${table.leftAt} is not null)`),
    check('students_consent_given_by_check', sql`${table.consentGivenBy} in ('student', 'guardian')`),
    check(
      'students_consent_complete_check',
      sql`(${table.consentAt} is null) = (${table.consentGivenBy} is null) and (${table.consentAt} is null) = (${table.consentNotice} is null)`,
    ),
    check('students_aadhaar_pair_check', sql`(${table.aadhaarEncrypted} is null) = (${table.aadhaarHash} is null)`),
    // Documents are only ever missing because they were erased.
    check(
      'students_documents_held_check',
      sql`${table.aadhaarEncrypted} is not null or ${table.documentsErasedAt} is not null`,
    ),
    // The retention job's search: students who left and still have documents.
    index('students_left_documents_idx')
      .on(table.leftAt)
      .where(sql`${table.leftAt} is not null and ${table.documentsErasedAt} is null`),
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
