import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { createFieldCipher, createKeyedHash } from '../../lib/crypto';
import { createUrlSigner } from '../../lib/storage/signed-urls';
import type { Storage } from '../../lib/storage/storage';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertStudentRow, studentFields, threeImages } from './students.fixtures';
import * as service from './students.service';

const t = useTestApp();

/** Storage in memory that can run a hook on its first write (to lose a race on purpose). */
function memoryStorage(onFirstPut: () => Promise<void>) {
  const files = new Map<string, Buffer>();
  let first = true;
  const storage: Storage = {
    async put(key, body) {
      if (first) {
        first = false;
        await onFirstPut();
      }
      files.set(key, body);
    },
    async get() {
      return undefined;
    },
    async delete(key) {
      files.delete(key);
    },
  };
  return { storage, files };
}

describe('createStudent when the row cannot be written', () => {
  it('removes the images it stored and names the field that lost the race', async () => {
    const { session } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const fields = studentFields();
    // Another request takes the mobile number after the uniqueness check, while images are being stored.
    const { storage, files } = memoryStorage(async () => {
      await insertStudentRow(t.pool, libraryId, { firstName: 'Quick', mobile: fields.mobile! });
    });
    const context: service.StudentsContext = {
      db: t.app.db,
      storage,
      aadhaarCipher: createFieldCipher('test-secret', 'aadhaar'),
      aadhaarHash: createKeyedHash('test-secret', 'aadhaar-hash'),
      signer: createUrlSigner('test-secret', { ttlSeconds: 300, basePath: '/api/files' }),
      log: t.app.log,
    };
    const actor = {
      libraryId,
      adminId: session.id,
      sessionId: '00000000-0000-4000-8000-000000000000',
      passwordStamp: '0',
      ip: '127.0.0.1',
      role: 'owner' as const,
    };

    const attempt = service.createStudent(context, actor, { fields, files: await threeImages() });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      message: messages.students.mobileTaken,
      errors: [{ field: 'mobile', message: messages.students.mobileTaken }],
    });
    expect([...files.keys()]).toEqual([]);
    const { rows } = await t.pool.query(`select first_name from students where library_id = $1`, [libraryId]);
    expect(rows).toEqual([{ first_name: 'Quick' }]);
  });
});
