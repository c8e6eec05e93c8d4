import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process';

export class DataDirInUseError extends Error {}

/**
 * Claims DATA_DIR for this process: a second server on the same data directory
 * is refused, while a lock left by a killed process is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirInUseError(
          `Another Study Library Admin server (pid ${owner}) is already running on the data directory ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(lockFile, { force: true }); // left behind by a process that no longer runs
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}`);
}
