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

describe('DUES_REMINDER_INTERVAL_MS', () => {
  it('defaults to 15 minutes and takes milliseconds from 1 s to a day', () => {
    expect(loadConfig(base).duesReminderIntervalMs).toBe(15 * 60 * 1000);
    expect(loadConfig({ ...base, DUES_REMINDER_INTERVAL_MS: '60000' }).duesReminderIntervalMs).toBe(60_000);
  });

  it.each(['soon', '999', '86400001', '1.5', '-1'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ ...base, DUES_REMINDER_INTERVAL_MS: value })).toThrow(/DUES_REMINDER_INTERVAL_MS/);
  });
});
