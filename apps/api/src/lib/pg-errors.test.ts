import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './pg-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
// Drizzle wraps the driver's error: the reason is in `cause`.
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is down, restarting or out of reach', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('ECONNREFUSED')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(withCode('57P01', 'terminating connection due to administrator command'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves query errors and our own failures alone', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('22P02')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
