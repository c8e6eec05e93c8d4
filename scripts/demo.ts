// Seeds a demo library a newcomer can explore: three areas of about 120 seats, 150
// students with photos and identity cards, and a year of subscriptions, renewals and
// fees in every payment mode, all booked through the API's own rules; a price list and
// UPI ID, and dues to chase (plans ending this week, one in its grace period, unpaid
// half payments, a reminder that worked); every student's consent to keep their documents
// (a parent's or guardian's for those under 18), one student who left last month with their
// documents due for erasure and one whose documents were erased (issue 19). Then prints the
// sign-in.
//
//   npm run demo            (or: npx tsx scripts/demo.ts)
//   npm run demo -- --fresh (another demo library, with a new sign-in email)
//
// It uses the database the server uses: the embedded one under DATA_DIR (stop the
// server first: one process at a time owns that directory) or DATABASE_URL's.
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  DEFAULT_RETENTION_DAYS,
  formatDateDMY,
  STUDENT_STATES,
  wallClockIn,
  type AdminSession,
  type DashboardData,
  type StudentList,
} from '@app/shared';
import { buildApp } from '../apps/api/src/app';
import { ConfigError, loadConfig, type Config } from '../apps/api/src/config';
import type { DbOrTx } from '../apps/api/src/db/client';
import { isDatabaseRefusal, openDatabase } from '../apps/api/src/db/open';
import { renumberReceipts } from '../apps/api/src/lib/ledger/receipts';
import { resolveAppSecret } from '../apps/api/src/lib/secret';
import { DemoApiError, demoClient, type DemoClient } from './demo/client';
import { DEMO_UPI_ID, seedDues, seedSettings } from './demo/dues';
import { seedExpenses } from './demo/expenses';
import { demoPeople } from './demo/people';
import { seedDataRights } from './demo/privacy';
import { seededRandom } from './demo/random';
import { backdateStudent, seedAreas, seedStudents, seedSubscriptions } from './demo/seed';
import { dateOfDayNumber, dayNumber } from '../apps/api/src/lib/booking/time';
import { planStory } from './demo/stories';

const STUDENTS = 150;
const PASSWORD = 'explore-the-demo';
const DEMO_EMAIL = 'demo@example.com';
const TIME_ZONE = 'Asia/Kolkata';

const say = (line: string) => process.stdout.write(`${line}\n`);

function registration(ownerEmail: string) {
  return {
    library_name: 'Gyan Deep Study Library',
    mobile: '9876501234',
    email: `desk-${ownerEmail}`,
    address: '21 Station Road, Kota, Rajasthan',
    first_name: 'Meena',
    last_name: 'Joshi',
    owner_mobile: '9123405678',
    owner_email: ownerEmail,
    password: PASSWORD,
  };
}

/**
 * Whether a complete demo (all its students: members and those who left, whom the dashboard
 * no longer counts) can already be signed into with `email`.
 */
async function completeDemoExists(api: DemoClient, email: string): Promise<boolean> {
  try {
    const session = await api.post<AdminSession>('/api/auth/login', { identifier: email, password: PASSWORD });
    const admin = demoClient(api.app, session.token);
    let students = 0;
    for (const state of STUDENT_STATES) {
      students += (await admin.get<StudentList>(`/api/user?state=${state}&limit=5`)).pagination.totalItems;
    }
    return students >= STUDENTS;
  } catch (error) {
    if (error instanceof DemoApiError && error.statusCode < 500) return false;
    throw error;
  }
}

async function register(api: DemoClient, email: string): Promise<AdminSession | undefined> {
  try {
    return await api.post<AdminSession>('/api/auth/register/library', registration(email));
  } catch (error) {
    if (error instanceof DemoApiError && error.statusCode === 409) return undefined;
    throw error;
  }
}

function printSignIn(config: Config, email: string) {
  say('');
  say(`Start the server (npm start) and sign in at http://${config.host}:${config.port}/login with:`);
  say(`  Email:    ${email}`);
  say(`  Password: ${PASSWORD}`);
}

async function seed(api: DemoClient, session: AdminSession, pool: pg.Pool) {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const random = seededRandom(20_26);
  const admin = demoClient(api.app, session.token);
  const today = wallClockIn(TIME_ZONE);

  // Prices first, so every booking records the list price it was agreed against.
  const prices = await seedSettings(admin);
  say(`  UPI ID ${DEMO_UPI_ID} and a price list of ${prices} plans (${elapsed()})`);

  const seats = await seedAreas(admin);
  say(`  3 areas, ${seats.length} seats in use (${elapsed()})`);

  const people = demoPeople(random, STUDENTS);
  const studentIds = await seedStudents(admin, random, people, today);
  say(`  ${studentIds.length} students with photos and identity cards (${elapsed()})`);

  const bookings = studentIds.map((studentId) => ({ studentId, story: planStory(random, today) }));
  const tally = await seedSubscriptions(admin, pool, random, bookings, seats, today);
  for (const studentId of studentIds) await backdateStudent(pool, studentId, random.int(1, 300));
  say(
    `  ${tally.subscriptions} subscriptions and ${tally.renewals} renewals over the past year` +
      (tally.refused ? `, ${tally.refused} refused for lack of room` : '') +
      ` (${elapsed()})`,
  );

  const year = await admin.get<DashboardData>('/api/dashboard/1_year');
  const modes = year.contentStats.map((mode) => `${mode.mode} ${mode.count}`).join(', ');
  say(
    `  ${year.revenue.transaction} fees, ₹${year.revenue.revenue.toLocaleString('en-IN')} in the last year (${modes})`,
  );
  say(`  ${year.student.activeSubscription} students hold a plan today`);

  const enquiries = bookings.filter((booking) => booking.story.kind === 'enquiry').map((booking) => booking.studentId);
  const dues = await seedDues(admin, pool, random, enquiries, today);
  // The payments were recorded now and moved back to when they were paid: number their
  // receipts by those dates, each financial year its own series (issue 14).
  await renumberReceipts(drizzle(pool) as unknown as DbOrTx, session.library.id);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  say(
    `  Dues: ${count(dues.expiring.count, 'plan', 'plans')} ending within ${dues.expiring_days} days, ` +
      `${dues.expired.count} ended in the ${dues.grace_days}-day grace period, ` +
      `${count(dues.unpaid.count, 'unpaid balance', 'unpaid balances')}; ` +
      `₹${dues.outstanding.amount.toLocaleString('en-IN')} outstanding`,
  );

  const spent = await seedExpenses(admin, random, today.date);
  say(
    `  Expenses: rent, salaries and the internet every month, electricity and repairs; ` +
      `₹${spent.total.toLocaleString('en-IN')} spent this month (${elapsed()})`,
  );

  const lapsed = bookings.filter((booking) => booking.story.kind === 'lapsed').map((booking) => booking.studentId);
  const rights = await seedDataRights(admin, pool, session.library.id, lapsed, today);
  const dmy = (date: string) => formatDateDMY(date);
  say(
    `  Consent: ${rights.consents} students, ${rights.guardians} of them under 18 by a parent or guardian` +
      (rights.leftLastMonth
        ? `; ${rights.leftLastMonth.name} left on ${dmy(rights.leftLastMonth.leftOn)} (documents erased on ` +
          `${dmy(dateOfDayNumber(dayNumber(rights.leftLastMonth.leftOn)! + DEFAULT_RETENTION_DAYS))})`
        : '') +
      (rights.erased
        ? `; ${rights.erased.name} left on ${dmy(rights.erased.leftOn)}, documents erased on request on ${dmy(rights.erased.erasedOn)}`
        : '') +
      ` (${elapsed()})`,
  );
}

async function main() {
  const fresh = process.argv.includes('--fresh');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);
  const database = await openDatabase(config, appSecret, { log: say, poolMax: 5 });
  const where = database.embedded
    ? `the embedded database in ${config.dataDir}`
    : 'the PostgreSQL server named by DATABASE_URL';

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    say('Interrupted: stopping the database...');
    void database.close().finally(() => process.exit(130));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const app = await buildApp({ config, db: database.db, appSecret });
  try {
    await app.ready();
    const api = demoClient(app);
    if (!fresh && (await completeDemoExists(api, DEMO_EMAIL))) {
      say(`The demo library already exists in ${where}.`);
      say('Run `npx tsx scripts/demo.ts --fresh` (or `npm run demo -- --fresh`) for another one.');
      printSignIn(config, DEMO_EMAIL);
      return;
    }
    let email = fresh ? `demo-${randomBytes(3).toString('hex')}@example.com` : DEMO_EMAIL;
    let session = await register(api, email);
    if (!session) {
      // The demo address is taken (an interrupted run, or its password was changed): use a new one.
      email = `demo-${randomBytes(3).toString('hex')}@example.com`;
      session = await register(api, email);
    }
    if (!session) throw new Error('Could not register the demo library');
    say(`Seeding the demo library "${registration(email).library_name}" in ${where}...`);
    await seed(api, session, database.pool);
    say('Done.');
    printSignIn(config, email);
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || isDatabaseRefusal(error)) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
