import type { EmbeddedDatabase } from './embedded';

/** Waits before each restart attempt: about 31 s in all before giving up (EMBEDDED_PG_RESTART_DELAYS_MS changes them). */
export const RESTART_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000];

export interface EmbeddedSupervisor {
  /** False once the server could not be restarted: the process should be replaced. */
  healthy(): boolean;
}

/**
 * Keeps the embedded PostgreSQL running: when it ends on its own (an OOM kill, a crash),
 * it is started again with growing delays; after the last failed attempt `onGiveUp` is
 * called and `healthy()` turns false. Requests meanwhile answer 503 (plugins/errors.ts)
 * and the pool reconnects by itself once the server is back.
 */
export function superviseEmbeddedPostgres(
  database: EmbeddedDatabase,
  {
    log,
    onGiveUp,
    delaysMs = RESTART_DELAYS_MS,
  }: { log: (line: string) => void; onGiveUp: () => void; delaysMs?: number[] },
): EmbeddedSupervisor {
  let healthy = true;
  const restart = async (how: string) => {
    log(`The embedded PostgreSQL server stopped (${how}); restarting it.`);
    for (const [attempt, delayMs] of delaysMs.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      try {
        await database.restart();
        log('The embedded PostgreSQL server is running again.');
        return;
      } catch (error) {
        log(
          `Restart ${attempt + 1} of ${delaysMs.length} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    healthy = false;
    onGiveUp();
  };
  database.onUnexpectedExit((how) => void restart(how));
  return { healthy: () => healthy };
}
