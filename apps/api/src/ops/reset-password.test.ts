import { afterAll, describe, expect, inject, it } from 'vitest';
import { passwordResetMessages } from '@app/shared';
import { registerLibrary, unique, useTestApp } from '../test/helpers';
import { cleanUpProcesses, runOps, tempDataDir } from '../test/processes';

// `npm run reset-password -- <email>` as the operator runs it: the ops bundle, on the test database.
const t = useTestApp();
afterAll(cleanUpProcesses);

const env = () => ({
  DATABASE_URL: inject('databaseUrl'),
  DATA_DIR: tempDataDir(),
  PUBLIC_URL: 'https://library.example.com',
});

describe('npm run reset-password (issue 16)', () => {
  it('prints a one-time link that sets a new password and ends the sessions', async () => {
    const email = `cli-${unique()}@cli.test`;
    const library = await registerLibrary(t.app, { owner_email: email });
    const run = await runOps(['reset-password', email.toUpperCase()], env());
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(passwordResetMessages.cliLink(email));
    const token = /https:\/\/library\.example\.com\/reset-password#token=([\w-]+)/.exec(run.output)?.[1];
    expect(token).toBeTruthy();

    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    expect((await reset('printed-link-pass')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: library.auth })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password: 'printed-link-pass' },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await reset('another-pass-123')).json().message).toBe(passwordResetMessages.linkInvalid);
  });

  it('says so for an email without an active account, printing no link', async () => {
    const run = await runOps(['reset-password', `nobody-${unique()}@cli.test`], env());
    expect(run.code).toBe(1);
    expect(run.output).toContain(passwordResetMessages.cliNoAccount);
    expect(run.output).not.toContain('reset-password#token=');
  });

  it('asks for the email when none is given', async () => {
    const run = await runOps(['reset-password'], env());
    expect(run.code).toBe(1);
    expect(run.output).toContain('npm run reset-password -- <email>');
  });
});
