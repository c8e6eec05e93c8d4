import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, isSafeStorageKey, type Storage } from './storage';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Files on the local disk under `root` (DATA_DIR/uploads): one directory per key prefix. */
export function createLocalDiskStorage(root: string): Storage {
  const base = path.resolve(root);

  // Keys are checked twice: by pattern, and by where the resolved path lands.
  const pathOf = (key: string) => {
    const target = path.resolve(base, key);
    if (!isSafeStorageKey(key) || !target.startsWith(base + path.sep)) {
      throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    }
    return target;
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      // Written beside the target, then renamed: a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      // A second try covers a delete removing the (then empty) folder between mkdir and write.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await fsp.writeFile(temporary, body, { mode: 0o600, flag: 'wx' });
          await fsp.rename(temporary, target);
          return;
        } catch (error) {
          await fsp.rm(temporary, { force: true });
          if (!isMissing(error) || attempt >= 2) throw error;
        }
      }
    },

    async get(key) {
      if (!isSafeStorageKey(key)) return undefined;
      const target = pathOf(key);
      try {
        const handle = await fsp.open(target, 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return undefined;
        }
        const body = handle.createReadStream();
        return { body, size: stat.size, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },

    async delete(key) {
      const target = pathOf(key);
      try {
        await fsp.unlink(target);
      } catch (error) {
        if (!isMissing(error)) throw error;
        return;
      }
      // Leave no empty student folders behind; a folder still holding files stays.
      await fsp.rmdir(path.dirname(target)).catch(() => undefined);
    },
  };
}
