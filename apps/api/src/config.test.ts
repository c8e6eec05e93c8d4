import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { RESTART_DELAYS_MS } from './db/embedded-supervisor';

const base = { DATA_DIR: '/tmp/sla-config-test' };

describe('EMBEDDED_PG_RESTART_DELAYS_MS', () => {
  it('defaults to 1, 2, 4, 8 and 16 s and takes waits in milliseconds separated by commas', () => {
    expect(loadConfig(base).embeddedRestartDelaysMs).toEqual(RESTART_DELAYS_MS);
    expect(RESTART_DELAYS_MS).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(loadConfig({ ...base, EMBEDDED_PG_RESTART_DELAYS_MS: ' 10,20,40 ' }).embeddedRestartDelaysMs).toEqual([
      10, 20, 40,
    ]);
  });

  it.each(['', 'soon', '1000,', '-5', '1.5', '1000000', Array(11).fill('1').join(',')])(
    'refuses %j and names the variable',
    (value) => {
      expect(() => loadConfig({ ...base, EMBEDDED_PG_RESTART_DELAYS_MS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, EMBEDDED_PG_RESTART_DELAYS_MS: value })).toThrow(
        /EMBEDDED_PG_RESTART_DELAYS_MS: must be 1 to 10 waits/,
      );
    },
  );
});

describe('RECURRING_EXPENSE_INTERVAL_MS', () => {
  it('defaults to 15 minutes, none in tests unless set, and takes milliseconds from 1 s to a day', () => {
    expect(loadConfig(base).recurringExpenseIntervalMs).toBe(15 * 60 * 1000);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).recurringExpenseIntervalMs).toBeNull();
    const set = { ...base, NODE_ENV: 'test', RECURRING_EXPENSE_INTERVAL_MS: '60000' };
    expect(loadConfig(set).recurringExpenseIntervalMs).toBe(60_000);
    expect(loadConfig({ ...base, RECURRING_EXPENSE_INTERVAL_MS: '' }).recurringExpenseIntervalMs).toBe(900_000);
  });

  it.each(['soon', '999', '86400001', '1.5', '-1'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ ...base, RECURRING_EXPENSE_INTERVAL_MS: value })).toThrow(
      /RECURRING_EXPENSE_INTERVAL_MS/,
    );
  });
});

describe('DUES_REMINDER_INTERVAL_MS', () => {
  it('defaults to 15 minutes and takes milliseconds from 1 s to a day', () => {
    expect(loadConfig(base).duesReminderIntervalMs).toBe(15 * 60 * 1000);
    expect(loadConfig({ ...base, DUES_REMINDER_INTERVAL_MS: '60000' }).duesReminderIntervalMs).toBe(60_000);
  });

  it.each(['soon', '999', '86400001', '1.5', '-1'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ ...base, DUES_REMINDER_INTERVAL_MS: value })).toThrow(/DUES_REMINDER_INTERVAL_MS/);
  });
});

describe('PUBLIC_URL', () => {
  it('is unset by default and keeps only the origin of an http(s) address', () => {
    expect(loadConfig(base).publicUrl).toBeUndefined();
    expect(loadConfig({ ...base, PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://Library.Example.com/' }).publicUrl).toBe(
      'https://library.example.com',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://192.168.1.5:3000' }).publicUrl).toBe('http://192.168.1.5:3000');
  });

  it.each(['library.example.com', 'ftp://library.example.com', 'https://library.example.com/app', 'https://x/?a=1'])(
    'refuses %j and names the variable',
    (value) => {
      expect(() => loadConfig({ ...base, PUBLIC_URL: value })).toThrow(/PUBLIC_URL: must be/);
    },
  );
});

describe('RECEIPT_LINK_RATE_LIMIT_MAX', () => {
  it('allows 60 opens of shared receipts per address in 15 minutes unless told', () => {
    expect(loadConfig(base).receiptLinkRateLimit).toEqual({ max: 60, windowMs: 900_000 });
    expect(
      loadConfig({ ...base, RECEIPT_LINK_RATE_LIMIT_MAX: '5', RECEIPT_LINK_RATE_LIMIT_WINDOW_SECONDS: '60' })
        .receiptLinkRateLimit,
    ).toEqual({ max: 5, windowMs: 60_000 });
    expect(() => loadConfig({ ...base, RECEIPT_LINK_RATE_LIMIT_MAX: '0' })).toThrow(/RECEIPT_LINK_RATE_LIMIT_MAX/);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('serve HTTPS from both files, resolved from the working directory', () => {
    expect(loadConfig({ ...base, TLS_CERT_FILE: 'certs/fullchain.pem', TLS_KEY_FILE: '/etc/x/key.pem' }).tls).toEqual({
      certFile: path.resolve('certs/fullchain.pem'),
      keyFile: '/etc/x/key.pem',
    });
    expect(loadConfig(base).tls).toBeUndefined();
  });

  it('refuse one without the other', () => {
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'cert.pem' })).toThrow(
      /TLS_KEY_FILE: required when TLS_CERT_FILE/,
    );
    expect(() => loadConfig({ ...base, TLS_KEY_FILE: 'key.pem' })).toThrow(/TLS_CERT_FILE: required when TLS_KEY_FILE/);
  });
});
