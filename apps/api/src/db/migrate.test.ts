import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { runMigrations } from './migrate';

/**
 * Upgrades keep data: a database migrated only to the "previous release" (every
 * migration but the newest ones) and filled with data is brought up to date, and
 * every row is still there.
 */
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

/** A copy of the migrations folder holding only the first `count` migrations. */
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

// Data a library had at release 0002 (the first with subscriptions and fees).
const SEED = `
  insert into libraries (id, name, mobile, email) values ('11111111-1111-4111-8111-111111111111', 'Old Library', '9876543210', 'old@example.com');
  insert into admins (id, library_id, name, email, phone, password_hash)
    values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'Owner', 'owner@example.com', '9876543211', 'hash');
  insert into students (id, library_id, first_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash, aadhaar_last4)
    values ('33333333-3333-4333-8333-333333333333', '11111111-1111-4111-8111-111111111111', 'Asha', '9000000001', 'asha@example.com', '2000-01-01', 'x', 'h', '1234');
  insert into areas (id, library_id, name, total_seats) values ('44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111', 'Hall', 10);
  insert into seats (id, library_id, area_id, name) values ('55555555-5555-4555-8555-555555555555', '11111111-1111-4111-8111-111111111111', '44444444-4444-4444-8444-444444444444', 'A1');
  insert into subscriptions (id, library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
    values ('66666666-6666-4666-8666-666666666666', '11111111-1111-4111-8111-111111111111', '33333333-3333-4333-8333-333333333333',
            '55555555-5555-4555-8555-555555555555', true, '06:00', '14:00', '2026-01-01', '2026-01-31', 1);
  insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
    values ('11111111-1111-4111-8111-111111111111', '66666666-6666-4666-8666-666666666666', '33333333-3333-4333-8333-333333333333', 1500, 1, 'UPI', 'new', true);
`;
const TABLES = ['libraries', 'admins', 'students', 'areas', 'seats', 'subscriptions', 'fees'];

describe('database upgrades', () => {
  it('brings a database of an earlier release up to date without losing a row', async () => {
    const previous = journal.entries.findIndex((entry) => entry.tag.startsWith('0002_')) + 1;
    expect(previous).toBeGreaterThan(0);
    expect(journal.entries.length).toBeGreaterThan(previous);
    const url = await freshDatabase();
    await runMigrations(url, migrationsUpTo(previous));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(SEED);
      const before: Record<string, unknown[]> = {};
      for (const table of TABLES) before[table] = (await client.query(`select id from ${table} order by id`)).rows;

      await runMigrations(url); // every migration up to the newest
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(journal.entries.length);
      for (const table of TABLES) {
        expect((await client.query(`select id from ${table} order by id`)).rows, table).toEqual(before[table]);
      }
      const fee = await client.query('select amount::text, mode, kind from fees');
      expect(fee.rows).toEqual([{ amount: '1500.00', mode: 'UPI', kind: 'new' }]);

      await runMigrations(url); // and running them again changes nothing
      expect((await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n).toBe(
        journal.entries.length,
      );
    } finally {
      await client.end();
    }
  });

  it('numbers the payments above ₹0 of a database from before receipts, per library and financial year', async () => {
    const previous = journal.entries.findIndex((entry) => entry.tag.startsWith('0008_'));
    expect(previous).toBeGreaterThan(0);
    const url = await freshDatabase();
    await runMigrations(url, migrationsUpTo(previous));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(SEED); // 'Old Library': one ₹1500 payment, now
      await client.query(`
        update fees set created_at = '2026-01-10T06:00:00Z';
        insert into libraries (id, name, mobile, email, time_zone)
          values ('77777777-7777-4777-8777-777777777777', 'Gyan Deep Library', '9876543212', 'gdl@example.com', 'Asia/Kolkata');
        insert into students (id, library_id, first_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash, aadhaar_last4)
          values ('88888888-8888-4888-8888-888888888888', '77777777-7777-4777-8777-777777777777', 'Ravi', '9000000002', 'ravi@example.com', '2000-01-01', 'x', 'h2', '5678');
        insert into subscriptions (id, library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
          values ('99999999-9999-4999-8999-999999999999', '77777777-7777-4777-8777-777777777777', '88888888-8888-4888-8888-888888888888',
                  false, '06:00', '14:00', '2026-01-01', '2027-06-30', 18);
      `);
      // Out of order on purpose: numbers follow created_at; 23:59 on 31 March IST is the old year,
      // 00:01 on 1 April the new; the ₹0 fee gets none.
      const payments: Array<[string, number]> = [
        ['2027-03-31T18:31:00Z', 400], // 1 April 2027 00:01 IST
        ['2026-05-01T06:00:00Z', 100],
        ['2027-03-31T18:29:00Z', 300], // 31 March 2027 23:59 IST
        ['2026-04-02T06:00:00Z', 0],
        ['2026-06-01T06:00:00Z', 200],
        ['2026-03-31T18:00:00Z', 50], // 31 March 2026 23:30 IST: 2025-26
      ];
      for (const [at, amount] of payments) {
        await client.query(
          `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at)
           values ('77777777-7777-4777-8777-777777777777', '99999999-9999-4999-8999-999999999999',
                   '88888888-8888-4888-8888-888888888888', $1, 1, 'Cash', 'balance', false, $2)`,
          [amount, at],
        );
      }

      await runMigrations(url);
      const numbered = await client.query(
        `select l.name, f.amount::int as amount, f.receipt_no from fees f join libraries l on l.id = f.library_id
         order by l.name, f.created_at`,
      );
      expect(numbered.rows).toEqual([
        { name: 'Gyan Deep Library', amount: 50, receipt_no: 'GDL/2025-26/0001' },
        { name: 'Gyan Deep Library', amount: 0, receipt_no: null },
        { name: 'Gyan Deep Library', amount: 100, receipt_no: 'GDL/2026-27/0001' },
        { name: 'Gyan Deep Library', amount: 200, receipt_no: 'GDL/2026-27/0002' },
        { name: 'Gyan Deep Library', amount: 300, receipt_no: 'GDL/2026-27/0003' },
        { name: 'Gyan Deep Library', amount: 400, receipt_no: 'GDL/2027-28/0001' },
        { name: 'Old Library', amount: 1500, receipt_no: 'OL/2025-26/0001' },
      ]);
      const counters = await client.query(
        `select l.name, c.financial_year, c.last_number from receipt_counters c join libraries l on l.id = c.library_id
         order by l.name, c.financial_year`,
      );
      expect(counters.rows).toEqual([
        { name: 'Gyan Deep Library', financial_year: 2025, last_number: 1 },
        { name: 'Gyan Deep Library', financial_year: 2026, last_number: 3 },
        { name: 'Gyan Deep Library', financial_year: 2027, last_number: 1 },
        { name: 'Old Library', financial_year: 2025, last_number: 1 },
      ]);
    } finally {
      await client.end();
    }
  });
});
