import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

// SMTP_URL and MAIL_FROM (issue 16), as the server reads them at start.
const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/sla-mail-config', ...env });

describe('mail configuration', () => {
  it('is off without SMTP_URL (an empty value too)', () => {
    expect(load({}).mail).toBeUndefined();
    expect(load({ SMTP_URL: ' ' }).mail).toBeUndefined();
  });

  it('takes an smtp or smtps URL, with the sender and attempts', () => {
    expect(
      load({ SMTP_URL: 'smtps://user:secret@smtp.example.com:465', MAIL_FROM: 'Gyan <no-reply@gyan.in>' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      from: 'Gyan <no-reply@gyan.in>',
      maxAttempts: 8,
      testToDomain: undefined,
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_MAX_ATTEMPTS: '3' }).mail?.maxAttempts).toBe(3);
  });

  it("sends from no-reply at PUBLIC_URL's host when MAIL_FROM is unset", () => {
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail?.from).toBe('Study Library <no-reply@localhost>');
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://library.example.com' }).mail?.from).toBe(
      'Study Library <no-reply@library.example.com>',
    );
  });

  it('needs PUBLIC_URL outside tests, so no link takes its address from a request', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/sla-mail-config', SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: required when SMTP_URL is set/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://library.example.com' }).mail?.smtpUrl).toBe(
      'smtp://127.0.0.1:2525',
    );
  });

  it('refuses another scheme, naming the variable', () => {
    expect(() => load({ SMTP_URL: 'http://smtp.example.com' })).toThrow(ConfigError);
    expect(() => load({ SMTP_URL: 'smtp.example.com:587' })).toThrow(/SMTP_URL/);
    expect(() => load({ SMTP_URL: 'smtp://x:25', MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
