import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the loopback SMTP server. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface LoopbackSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The first mail to `to` (and matching `where`), waiting up to `timeoutMs` for it. */
  waitFor(to: string, options?: { timeoutMs?: number; where?: (mail: ReceivedMail) => boolean }): Promise<ReceivedMail>;
  /** Mails to `to` so far. */
  to(address: string): ReceivedMail[];
  /** Stops listening (senders get a refused connection) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback for tests (issue 16): plain SMTP without STARTTLS or AUTH,
 * each message read with mailparser. `port` 0 picks a free one. `onMail` sees each mail
 * as it arrives (the e2e mailbox writes them to files).
 */
export async function startLoopbackSmtp(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;

  function create() {
    return new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const mail: ReceivedMail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            };
            received.push(mail);
            options.onMail?.(mail);
            waiters.forEach((wake) => wake());
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  let port = options.port ?? 0;
  async function listen() {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as { port: number }).port;
  }
  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();
  const matches = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    to: (address) => received.filter(matches(address)),
    waitFor(to, { timeoutMs = 10_000, where = () => true } = {}) {
      const find = () => received.find((mail) => matches(to)(mail) && where(mail));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      });
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
