import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from '../../db/migrate';
import { MIGRATIONS_DIR } from '../../paths';

/**
 * Migration 0014 (issue 19) over a database at 0013 with students: they keep their documents
 * and images, are members (status active, no left_at) with no consent on record yet, and the
 * library gets the default privacy terms. Same pattern as db/migrate.test.ts.
 */
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const created: string[] = [];
const serverUrl = () => {
  const url = new URL(inject('databaseUrl'));
  url.pathname = '/postgres';
  return url.toString();
};

async function freshDatabase(): Promise<string> {
  const name = `sla_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`create database ${name} encoding 'UTF8' template template0`);
  await admin.end();
  created.push(name);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const LIBRARY = '11111111-1111-4111-8111-111111111111';

describe('migration 0014 (data rights) from a database at 0013', () => {
  it('keeps every student with their documents, as members without consent on record, and adds the default terms', async () => {
    const at0013 = journal.entries.findIndex((entry) => entry.tag.startsWith('0014_'));
    expect(at0013).toBeGreaterThan(0);
    const url = await freshDatabase();
    await runMigrations(url, migrationsUpTo(at0013));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`
        insert into libraries (id, name, mobile, email) values ('${LIBRARY}', 'Old Library', '9876543210', 'old@example.com');
        insert into library_settings (library_id, upi_id) values ('${LIBRARY}', 'old@upi');
        insert into students (id, library_id, first_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash, aadhaar_last4,
                              profile_key, front_image_key, back_image_key, status)
          values ('33333333-3333-4333-8333-333333333333', '${LIBRARY}', 'Asha', '9000000001', 'asha@example.com', '2000-01-01',
                  'v1.a.b.c', 'hash-1', '1234', 'p.webp', 'f.webp', 'b.webp', 'active'),
                 ('44444444-4444-4444-8444-444444444444', '${LIBRARY}', 'Ravi', '9000000002', 'ravi@example.com', '2001-01-01',
                  'v1.d.e.f', 'hash-2', '5678', null, null, null, 'inactive');
      `);
      await runMigrations(url);
      const students = await client.query(`
        select first_name, aadhaar_encrypted, aadhaar_hash, aadhaar_last4, profile_key, front_image_key, back_image_key,
               status, left_at, consent_at, consent_given_by, documents_erased_at
        from students order by first_name`);
      expect(students.rows).toEqual([
        {
          first_name: 'Asha',
          aadhaar_encrypted: 'v1.a.b.c',
          aadhaar_hash: 'hash-1',
          aadhaar_last4: '1234',
          profile_key: 'p.webp',
          front_image_key: 'f.webp',
          back_image_key: 'b.webp',
          status: 'active',
          left_at: null,
          consent_at: null,
          consent_given_by: null,
          documents_erased_at: null,
        },
        {
          first_name: 'Ravi',
          aadhaar_encrypted: 'v1.d.e.f',
          aadhaar_hash: 'hash-2',
          aadhaar_last4: '5678',
          profile_key: null,
          front_image_key: null,
          back_image_key: null,
          // Nothing set another status before issue 19; any other value becomes a member.
          status: 'active',
          left_at: null,
          consent_at: null,
          consent_given_by: null,
          documents_erased_at: null,
        },
      ]);
      const settings = await client.query(
        `select upi_id, privacy_notice, retention_days, keep_aadhaar_last4 from library_settings`,
      );
      expect(settings.rows).toEqual([
        { upi_id: 'old@upi', privacy_notice: null, retention_days: 90, keep_aadhaar_last4: false },
      ]);
      // The checks hold from now on: no documents missing unless erased, no half-left student.
      await expect(
        client.query(`update students set aadhaar_encrypted = null, aadhaar_hash = null where first_name = 'Asha'`),
      ).rejects.toThrow(/students_documents_held_check/);
      await expect(client.query(`update students set status = 'left' where first_name = 'Asha'`)).rejects.toThrow(
        /students_left_status_check/,
      );
    } finally {
      await client.end();
    }
  });
});
