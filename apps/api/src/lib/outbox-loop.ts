/**
 * The polling loop of an outbox worker (push notifications, mail): runs a round, then at once
 * another while a round fills its batch or a `kick` came meanwhile, else waits `pollIntervalMs`
 * (a kick wakes it early). `stop` ends the loop and waits a few seconds at most for a round in
 * progress. What a round claims and sends is the worker's.
 */
export interface OutboxLoop {
  start(): void;
  stop(): Promise<void>;
  /** Runs a round soon (a new row was written). */
  kick(): void;
}

const STOP_WAIT_MS = 5000;

export function createOutboxLoop(options: {
  /** One round; answers how many rows it handled. */
  runOnce: () => Promise<number>;
  batchSize: number;
  pollIntervalMs: number;
  logger: { error(object: object, message: string): void };
  /** Logged when a round fails as a whole. */
  failure: string;
}): OutboxLoop {
  const { runOnce, batchSize, pollIntervalMs, logger, failure } = options;
  let running = false;
  let kicked = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run() {
    while (running) {
      let handled = 0;
      kicked = false;
      try {
        handled = await runOnce();
      } catch (error) {
        logger.error({ err: error }, failure);
      }
      if (!running) break;
      if (handled >= batchSize) continue;
      if (kicked) {
        kicked = false;
        continue;
      }
      await sleep(pollIntervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      if (!loop) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
      loop = undefined;
    },
    kick() {
      kicked = true;
      wake?.();
    },
  };
}
