/**
 * A worker that runs rounds in this server process: one at once on `start`, then one
 * every `intervalMs` after the last ended (rounds never overlap), until `stop`, which waits
 * a few seconds at most for a round in progress. The dues reminders and the monthly
 * expenses run on it; what a round does is theirs.
 */

export interface WorkerLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface IntervalWorker<T> {
  /** Runs a round at once, then one every interval. */
  start(): void;
  /** Stops the rounds and waits (a few seconds at most) for one in progress. */
  stop(): Promise<void>;
  /** One round, now. */
  runOnce(): Promise<T>;
}

const STOP_WAIT_MS = 5000;

export function createIntervalWorker<T>(options: {
  runOnce: () => Promise<T>;
  intervalMs: number;
  logger: WorkerLogger;
  /** Logged when a round fails as a whole. */
  failure: string;
}): IntervalWorker<T> {
  const { runOnce, intervalMs, logger, failure } = options;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      round = runOnce()
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(() => {
          round = undefined;
          if (running) schedule(intervalMs);
        });
    }, delayMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      if (!round) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(wait);
    },
    runOnce,
  };
}
