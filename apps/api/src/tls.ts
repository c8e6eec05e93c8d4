import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { FastifyServerFactory } from 'fastify';
import { ConfigError } from './config';

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** The certificate chain and key as a secure context; a file that cannot be read or a pair that does not match stops the start. */
function readSecureContext({ certFile, keyFile }: TlsFiles): tls.SecureContextOptions {
  const read = (file: string, variable: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new ConfigError(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
  };
  const options = { cert: read(certFile, 'TLS_CERT_FILE'), key: read(keyFile, 'TLS_KEY_FILE') };
  try {
    tls.createSecureContext(options);
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT_FILE and TLS_KEY_FILE: not a certificate and its private key in PEM (${(error as Error).message})`,
    );
  }
  return options;
}

/**
 * HTTPS served by the process itself (issue 15: phones allow service workers, push and the
 * camera only on a secure origin). `reload()` reads the files again, so a renewed certificate
 * (certbot's deploy hook sends SIGHUP) is served without a restart; a bad renewal keeps the old one.
 */
export function httpsServer(files: TlsFiles): { serverFactory: FastifyServerFactory; reload(): void } {
  let server: https.Server | undefined;
  const initial = readSecureContext(files);
  return {
    serverFactory: (handler) => {
      server = https.createServer(initial, handler);
      return server as unknown as ReturnType<FastifyServerFactory>;
    },
    reload() {
      server?.setSecureContext(readSecureContext(files));
    },
  };
}
