import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanUpProcesses, startServer, tempDataDir, waitForUrl } from './test/processes';

// HTTPS served by the process itself (TLS_CERT_FILE, TLS_KEY_FILE), as `npm start` runs it.

const SHARED_DATABASE_SECRET = 'server-test-key-for-the-shared-test-database';

afterAll(cleanUpProcesses);

/** A self-signed certificate for 127.0.0.1, made with openssl as an owner would for a trial. */
function selfSigned(dir: string, name: string) {
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' }); // prettier-ignore
  return { certFile, keyFile, cert: fs.readFileSync(certFile) };
}

/** GET over HTTPS trusting only `ca`; answers the status and the certificate the server showed. */
function get(url: string, ca: Buffer[]) {
  return new Promise<{ status: number; fingerprint: string }>((resolve, reject) => {
    const request = https.get(url, { ca, agent: false }, (response) => {
      const fingerprint = (response.socket as TLSSocket).getPeerCertificate().fingerprint256;
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, fingerprint }));
    });
    request.on('error', reject);
  });
}

describe('HTTPS from certificate files', () => {
  it('serves the API over TLS, and a SIGHUP serves the renewed certificate without a restart', async () => {
    const dataDir = tempDataDir();
    const first = selfSigned(dataDir, 'first');
    const server = startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: SHARED_DATABASE_SECRET,
      TLS_CERT_FILE: first.certFile,
      TLS_KEY_FILE: first.keyFile,
    });
    const url = await waitForUrl(server);
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await get(`${url}/api/health`, [first.cert]);
    expect(health).toEqual({ status: 200, fingerprint: new X509Certificate(first.cert).fingerprint256 });
    // Plain HTTP on the same port is not served.
    await expect(fetch(`${url.replace('https', 'http')}/api/health`)).rejects.toThrow();

    // A renewal: new files in place, then SIGHUP.
    const renewed = selfSigned(dataDir, 'renewed');
    fs.copyFileSync(renewed.certFile, first.certFile);
    fs.copyFileSync(renewed.keyFile, first.keyFile);
    server.child.kill('SIGHUP');
    await expect
      .poll(async () => (await get(`${url}/api/health`, [first.cert, renewed.cert])).fingerprint)
      .toBe(new X509Certificate(renewed.cert).fingerprint256);

    // A broken renewal keeps the certificate in use.
    fs.writeFileSync(first.keyFile, 'not a key');
    server.child.kill('SIGHUP');
    await expect.poll(() => server.output()).toContain('SIGHUP: kept the certificate in use');
    expect(await get(`${url}/api/health`, [renewed.cert])).toMatchObject({ status: 200 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('stops at once, naming the variable, when a file is missing or the key is not the certificate’s', async () => {
    const dataDir = tempDataDir();
    const one = selfSigned(dataDir, 'one');
    const other = selfSigned(dataDir, 'other');
    const missing = startServer({
      DATA_DIR: dataDir,
      TLS_CERT_FILE: path.join(dataDir, 'absent.crt'),
      TLS_KEY_FILE: one.keyFile,
    });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toMatch(/TLS_CERT_FILE: cannot read .*absent\.crt \(ENOENT\)/);

    const mismatched = startServer({ DATA_DIR: dataDir, TLS_CERT_FILE: one.certFile, TLS_KEY_FILE: other.keyFile });
    expect(await mismatched.exited).toBe(1);
    expect(mismatched.output()).toContain('TLS_CERT_FILE and TLS_KEY_FILE: not a certificate and its private key');
    // Nothing was started: the embedded database was never made.
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
  }, 60_000);

  it('without TLS, a SIGHUP (systemctl reload) leaves the server serving', async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: SHARED_DATABASE_SECRET,
    });
    const url = await waitForUrl(server);
    server.child.kill('SIGHUP');
    await expect.poll(() => server.output()).toContain('SIGHUP received: nothing to reload');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
