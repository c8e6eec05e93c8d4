import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { create, extract } from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { studentFields, studentForm, threeImages } from '../modules/students/students.fixtures';
import { startFakeS3 } from '../test/fake-s3';
import { registrationBody } from '../test/helpers';
import {
  cleanUpProcesses,
  runOps,
  startServer,
  stopServer,
  tempDataDir,
  tempDataDirWithCluster,
  waitForUrl,
} from '../test/processes';

// `npm run backup` and `npm run restore` as an owner runs them, against real servers:
// a backup of a running library, restored on an empty machine and over newer data.

afterAll(cleanUpProcesses);

interface Library {
  url: string;
  token: string;
}

async function api(library: Library, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${library.url}${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${library.token}`, ...(init.headers ?? {}) },
  });
  return {
    status: response.status, // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per call
    body: (await response.json()) as { data: any; message: string },
  };
}

async function register(url: string) {
  const body = registrationBody();
  const response = await fetch(`${url}/api/auth/register/library`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: { token: string } };
  return {
    library: { url, token: data.token },
    credentials: { identifier: body.owner_email, password: body.password },
  };
}

async function signIn(url: string, credentials: { identifier: string; password: string }): Promise<Library> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  return { url, token: ((await response.json()) as { data: { token: string } }).data.token };
}

async function addStudent(library: Library, firstName: string) {
  const fields = studentFields({ first_name: firstName });
  const created = await api(library, '/api/user', { method: 'POST', body: studentForm(fields, await threeImages()) });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as string, aadhaar: fields.aadhaar_number! };
}

/** The student as the app shows it, with the bytes of its identity image. */
async function readStudent(library: Library, id: string) {
  const detail = await api(library, `/api/user/${id}`);
  expect(detail.status).toBe(200);
  const image = await fetch(`${library.url}${detail.body.data.front_image}`);
  expect(image.status).toBe(200);
  return { aadhaar: detail.body.data.aadhaar_number as string, image: Buffer.from(await image.arrayBuffer()) };
}

const studentNames = async (library: Library) =>
  ((await api(library, '/api/user?limit=50')).body.data.students as Array<{ first_name: string }>)
    .map((s) => s.first_name)
    .sort();

function backupFileIn(dir: string) {
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.tar'));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]!);
}

/** The server's Web Push key (issue 15), generated into its DATA_DIR. */
async function vapidPublicKey(url: string): Promise<string> {
  const response = await fetch(`${url}/api/push/vapid-public-key`);
  return ((await response.json()) as { data: { public_key: string } }).data.public_key;
}

describe('npm run backup / npm run restore', () => {
  it('round-trips the embedded database with its images and key: hot backup, restore on an empty DATA_DIR, restore over newer data', async () => {
    const source = tempDataDirWithCluster();
    const backups = tempDataDir('sla-backups-');
    const server = startServer({ DATA_DIR: source });
    const url = await waitForUrl(server);
    const vapidKey = await vapidPublicKey(url);
    const { library, credentials } = await register(url);
    const kept = await addStudent(library, 'Asha');
    const before = await readStudent(library, kept.id);

    // A backup while the server runs, then a change the backup must not hold.
    const backup = await runOps(['backup', '--out', `${backups}/`], { DATA_DIR: source });
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);
    const file = backupFileIn(backups);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await addStudent(library, 'Later');
    expect(await studentNames(library)).toEqual(['Asha', 'Later']);
    expect(await stopServer(server)).toBe(0);

    // Another machine: an empty DATA_DIR (the restore makes its cluster with initdb).
    const target = tempDataDir();
    const restored = await runOps(['restore', file], { DATA_DIR: target });
    expect(restored.output).toContain('Restored the backup');
    expect(restored.code).toBe(0);
    const copy = startServer({ DATA_DIR: target });
    const copyUrl = await waitForUrl(copy);
    const copyLibrary = await signIn(copyUrl, credentials);
    // The Web Push pair came with it: phones subscribed to the old server keep receiving.
    expect(await vapidPublicKey(copyUrl)).toBe(vapidKey);
    expect(fs.statSync(path.join(target, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(await studentNames(copyLibrary)).toEqual(['Asha']);
    const after = await readStudent(copyLibrary, kept.id);
    expect(after.aadhaar).toBe(kept.aadhaar); // decrypted with the key the backup carried
    expect(after.image.equals(before.image)).toBe(true);

    // Restoring under a running server is refused, and changes nothing.
    const underServer = await runOps(['restore', file], { DATA_DIR: target });
    expect(underServer.code).toBe(1);
    expect(underServer.output).toMatch(/is running on .*Stop it before restoring/);
    expect(await studentNames(copyLibrary)).toEqual(['Asha']);
    expect(await stopServer(copy)).toBe(0);

    // Over the source, which has moved on: refused without --yes, then rolled back to the backup.
    const refused = await runOps(['restore', file], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds data (1 libraries)');
    const replaced = await runOps(['restore', file, '--yes'], { DATA_DIR: source });
    expect(replaced.code).toBe(0);
    const back = startServer({ DATA_DIR: source });
    const backLibrary = await signIn(await waitForUrl(back), credentials);
    expect(await studentNames(backLibrary)).toEqual(['Asha']);
    expect((await readStudent(backLibrary, kept.id)).aadhaar).toBe(kept.aadhaar);
    expect(await stopServer(back)).toBe(0);
  });

  it('refuses a damaged archive and leaves the database as it was', async () => {
    const source = tempDataDirWithCluster();
    const backups = tempDataDir('sla-backups-');
    const server = startServer({ DATA_DIR: source });
    const { library, credentials } = await register(await waitForUrl(server));
    await addStudent(library, 'Asha');
    expect(await stopServer(server)).toBe(0);
    // A backup of a stopped server starts its database itself.
    const backup = await runOps(['backup', '--out', `${backups}/`], { DATA_DIR: source });
    expect(backup.code).toBe(0);
    const file = backupFileIn(backups);

    const truncated = path.join(backups, 'truncated.tar');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const notABackup = path.join(backups, 'notes.tar');
    fs.writeFileSync(notABackup, randomBytes(4096));
    // A whole archive whose dump breaks off: pg_restore fails part-way, psql's one transaction rolls back.
    const unpacked = tempDataDir('sla-unpacked-');
    await extract({ file, cwd: unpacked });
    const dump = path.join(unpacked, 'database.dump');
    fs.truncateSync(dump, Math.floor(fs.statSync(dump).size * 0.7));
    const brokenDump = path.join(backups, 'broken-dump.tar');
    await create({ file: brokenDump, cwd: unpacked }, fs.readdirSync(unpacked));
    // A whole archive whose Web Push key pair is damaged: refused before the database is touched.
    const unpackedKeys = tempDataDir('sla-unpacked-');
    await extract({ file, cwd: unpackedKeys });
    fs.writeFileSync(path.join(unpackedKeys, 'vapid-keys.json'), '{"publicKey":"x","privateKey":"y"}');
    const brokenKeys = path.join(backups, 'broken-keys.tar');
    await create({ file: brokenKeys, cwd: unpackedKeys }, fs.readdirSync(unpackedKeys));
    const keysAttempt = await runOps(['restore', brokenKeys, '--yes'], { DATA_DIR: source });
    expect(keysAttempt.output).toContain('The Web Push key pair in the backup (vapid-keys.json) is damaged');
    const keysBefore = fs.readFileSync(path.join(source, 'vapid-keys.json'), 'utf8');
    for (const bad of [truncated, notABackup, brokenDump, brokenKeys, path.join(backups, 'missing.tar')]) {
      const attempt = await runOps(['restore', bad, '--yes'], { DATA_DIR: source });
      expect(attempt.code).toBe(1);
      expect(attempt.output).not.toContain('Failed:'); // an operator's message, not a stack trace
    }
    expect(fs.readFileSync(path.join(source, 'vapid-keys.json'), 'utf8')).toBe(keysBefore);
    const again = startServer({ DATA_DIR: source });
    const againLibrary = await signIn(await waitForUrl(again), credentials);
    expect(await studentNames(againLibrary)).toEqual(['Asha']);
    expect(await stopServer(again)).toBe(0);
  });

  it('round-trips an external database (DATABASE_URL) and insists on the same APP_SECRET', async () => {
    const adminUrl = new URL(inject('databaseUrl'));
    adminUrl.pathname = '/postgres';
    const names = [`sla_bk_src_${randomBytes(4).toString('hex')}`, `sla_bk_dst_${randomBytes(4).toString('hex')}`];
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`create database ${name} encoding 'UTF8' template template0`);
      const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      const secret = randomBytes(32).toString('hex');
      const sourceEnv = { DATABASE_URL: urlOf(names[0]!), DATA_DIR: tempDataDir(), APP_SECRET: secret };
      const server = startServer(sourceEnv);
      const { library, credentials } = await register(await waitForUrl(server));
      const kept = await addStudent(library, 'Asha');
      const before = await readStudent(library, kept.id);
      expect(await stopServer(server)).toBe(0);

      const backups = tempDataDir('sla-backups-');
      const backup = await runOps(['backup', '--out', `${backups}/`], sourceEnv);
      expect(backup.code).toBe(0);
      expect(backup.output).toContain('the APP_SECRET it needs is not in it');
      const file = backupFileIn(backups);

      const targetEnv = { DATABASE_URL: urlOf(names[1]!), DATA_DIR: tempDataDir() };
      const wrongKey = await runOps(['restore', file], { ...targetEnv, APP_SECRET: randomBytes(32).toString('hex') });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.output).toContain('set APP_SECRET to that same key');
      const restored = await runOps(['restore', file], { ...targetEnv, APP_SECRET: secret });
      expect(restored.code).toBe(0);

      const copy = startServer({ ...targetEnv, APP_SECRET: secret });
      const copyLibrary = await signIn(await waitForUrl(copy), credentials);
      const after = await readStudent(copyLibrary, kept.id);
      expect(after.aadhaar).toBe(kept.aadhaar);
      expect(after.image.equals(before.image)).toBe(true);
      expect(await stopServer(copy)).toBe(0);
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('with S3_BUCKET: names the bucket instead of packing images, leaves DATA_DIR/uploads alone on restore, and moves a disk backup into the bucket', async () => {
    const credentials = { accessKeyId: 'AKIABACKUPTEST000001', secretAccessKey: 'backup-test-secret' };
    const fake = await startFakeS3({ ...credentials, buckets: ['library-images'] });
    const s3Env = (prefix: string) => ({
      S3_BUCKET: 'library-images',
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: prefix,
    });
    const objectsUnder = (prefix: string) =>
      [...fake.bucket('library-images').keys()].filter((key) => key.startsWith(prefix));
    const adminUrl = new URL(inject('databaseUrl'));
    adminUrl.pathname = '/postgres';
    const names = ['src', 'dst', 'loc', 'mov'].map((role) => `sla_bk_${role}_${randomBytes(4).toString('hex')}`);
    const [sourceDb, targetDb, localDb, movedDb] = names as [string, string, string, string];
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`create database ${name} encoding 'UTF8' template template0`);
      const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      const secret = randomBytes(32).toString('hex');
      const envFor = (database: string, extra: Record<string, string> = {}) => ({
        DATABASE_URL: urlOf(database),
        DATA_DIR: tempDataDir(),
        APP_SECRET: secret,
        ...extra,
      });

      // A server whose images go to the bucket.
      const sourceEnv = envFor(sourceDb, s3Env('live'));
      const server = startServer(sourceEnv);
      const { library, credentials: owner } = await register(await waitForUrl(server));
      expect(server.output()).toContain(`Uploaded images: S3 bucket "library-images" at ${fake.url}, keys under live/`);
      const kept = await addStudent(library, 'Asha');
      const before = await readStudent(library, kept.id);
      expect(objectsUnder('live/')).toHaveLength(4);
      expect(fs.existsSync(path.join(sourceEnv.DATA_DIR, 'uploads'))).toBe(false);

      const backups = tempDataDir('sla-backups-');
      const backup = await runOps(['backup', '--out', `${backups}/`], sourceEnv);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(
        `uploaded images: in the S3 bucket "library-images" at ${fake.url} under live/, not in this archive`,
      );
      expect(backup.output).toContain("Back the bucket up with the provider's own tools");
      expect(await stopServer(server)).toBe(0);
      const file = backupFileIn(backups);
      const unpacked = tempDataDir('sla-unpacked-');
      await extract({ file, cwd: unpacked });
      // No images and no app secret (APP_SECRET is set); the Web Push pair the server generated travels.
      expect(fs.readdirSync(unpacked).sort()).toEqual(['database.dump', 'manifest.json', 'vapid-keys.json']);
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
      expect(manifest.uploads).toEqual({
        location: 's3',
        bucket: 'library-images',
        endpoint: fake.url,
        region: 'us-east-1',
        prefix: 'live/',
      });

      // Restored with the same settings: the images are the bucket's, a local folder is not touched.
      const targetEnv = envFor(targetDb, s3Env('live'));
      const keep = path.join(targetEnv.DATA_DIR, 'uploads', 'keep.txt');
      fs.mkdirSync(path.dirname(keep), { recursive: true });
      fs.writeFileSync(keep, 'not part of any backup');
      const restored = await runOps(['restore', file], targetEnv);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain('The images of this backup stay in the S3 bucket "library-images"');
      expect(restored.output).toContain('images left in bucket "library-images"');
      expect(restored.output).not.toContain('Warning');
      expect(fs.readFileSync(keep, 'utf8')).toBe('not part of any backup');
      const copy = startServer(targetEnv);
      const after = await readStudent(await signIn(await waitForUrl(copy), owner), kept.id);
      expect(after.aadhaar).toBe(kept.aadhaar);
      expect(after.image.equals(before.image)).toBe(true);
      expect(await stopServer(copy)).toBe(0);

      // Restored on a server without S3 settings: told where the images are, its folder kept.
      const localEnv = envFor(localDb);
      fs.mkdirSync(path.join(localEnv.DATA_DIR, 'uploads'));
      fs.writeFileSync(path.join(localEnv.DATA_DIR, 'uploads', 'keep.txt'), 'local');
      const onDisk = await runOps(['restore', file], localEnv);
      expect(onDisk.code, onDisk.output).toBe(0);
      expect(onDisk.output).toContain('Warning: this server keeps images in');
      expect(fs.readdirSync(path.join(localEnv.DATA_DIR, 'uploads'))).toEqual(['keep.txt']);

      // Moving to S3: a backup of DATA_DIR/uploads, restored with S3_BUCKET set, puts its images in the bucket.
      const diskEnv = envFor(localDb);
      const diskServer = startServer(diskEnv);
      const diskLibrary = await signIn(await waitForUrl(diskServer), owner);
      const moved = await addStudent(diskLibrary, 'Bina');
      const movedBefore = await readStudent(diskLibrary, moved.id);
      const diskBackups = tempDataDir('sla-backups-');
      expect((await runOps(['backup', '--out', `${diskBackups}/`], diskEnv)).code).toBe(0);
      expect(await stopServer(diskServer)).toBe(0);
      const movedEnv = envFor(movedDb, s3Env('moved'));
      const intoBucket = await runOps(['restore', backupFileIn(diskBackups)], movedEnv);
      expect(intoBucket.code, intoBucket.output).toBe(0);
      expect(intoBucket.output).toContain('Copied 4 images to the bucket.');
      expect(objectsUnder('moved/')).toHaveLength(4);
      expect(objectsUnder('moved/').every((key) => key.includes(`/students/${moved.id}/`))).toBe(true);
      expect(fs.existsSync(path.join(movedEnv.DATA_DIR, 'uploads'))).toBe(false);
      const movedServer = startServer(movedEnv);
      const movedLibrary = await signIn(await waitForUrl(movedServer), owner);
      expect((await readStudent(movedLibrary, moved.id)).image.equals(movedBefore.image)).toBe(true);
      expect(await stopServer(movedServer)).toBe(0);
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fake.close();
    }
  });
}, 180_000);
