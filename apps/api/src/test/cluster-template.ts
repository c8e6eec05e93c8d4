import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packagedPostgresDir, postgresAccount, reachablePostgresDir, runsAsRoot } from '../db/embedded-location';
import { initialiseCluster } from '../db/embedded-process';

// initdb takes seconds on a loaded machine; a copy of a cluster made by it takes a fraction
// of one. The test run makes one cluster and copies it into each DATA_DIR that needs a
// database without testing how it is created.

/**
 * Makes `dataDir` what a first start of the server leaves before PostgreSQL runs: `pg/`
 * (an initdb cluster, owned by the postgres user when running as root, as the server
 * makes it) and `.pg-password` (its superuser's password).
 */
export async function initialiseTemplateCluster(dataDir: string) {
  const account = runsAsRoot() ? postgresAccount() : undefined;
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(path.join(dataDir, '.pg-password'), password, { mode: 0o600 });
  await initialiseCluster(
    { binDir: reachablePostgresDir(packagedPostgresDir(), account), account, onOutput: () => undefined },
    { databaseDir: path.join(dataDir, 'pg'), user: 'postgres', password },
  );
}

/** Copies the template's cluster and password into `dataDir`, owners and modes kept (`cp -a`). */
export function copyTemplateCluster(template: string, dataDir: string) {
  execFileSync('cp', ['-a', path.join(template, 'pg'), path.join(template, '.pg-password'), `${dataDir}/`]);
}
