import { messages, STUDENT_IMAGE_FIELDS, type FieldError, type StudentImageField } from '@app/shared';
import { AppError } from '../../errors';
import { ImageRejectedError, processImage } from '../../lib/storage/images';
import { newStorageKey } from '../../lib/storage/keys';
import type { Storage } from '../../lib/storage/storage';
import type { StudentImageKeys } from './students.repository';

const m = messages.students;

/** The stored name of each image kind: front and back are the identity documents. */
const KIND: Record<StudentImageField, string> = { profile: 'profile', front_image: 'front', back_image: 'back' };

const COLUMN: Record<StudentImageField, keyof StudentImageKeys> = {
  profile: 'profileKey',
  front_image: 'frontImageKey',
  back_image: 'backImageKey',
};

interface PreparedImage {
  field: StudentImageField;
  image: Buffer;
  thumbnail?: Buffer;
}

function refusal(field: StudentImageField, error: ImageRejectedError): AppError {
  const [status, message] =
    error.reason === 'type'
      ? [415, m.imageType]
      : error.reason === 'pixels'
        ? [400, m.imageTooManyPixels]
        : [400, m.imageUnreadable];
  const errors: FieldError[] = [{ field, message }];
  return new AppError(status, message, errors);
}

/** Checks and re-encodes every uploaded image, before anything is stored. */
export async function prepareImages(files: Partial<Record<StudentImageField, Buffer>>): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  // One at a time: sharp already uses the cores, and a refusal stops the rest.
  for (const field of STUDENT_IMAGE_FIELDS) {
    const bytes = files[field];
    if (!bytes) continue;
    try {
      const { image, thumbnail } = await processImage(bytes, { thumbnail: field === 'profile' });
      prepared.push({ field, image, thumbnail });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw refusal(field, error);
      throw error;
    }
  }
  return prepared;
}

/** Deletes stored files, best effort: a file that cannot be removed must not fail the request. */
export async function deleteFiles(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    keys.filter((key): key is string => Boolean(key)).map((key) => storage.delete(key).catch(() => undefined)),
  );
}

/**
 * Stores prepared images under fresh keys and answers the columns to save. When any
 * write fails, the ones already written are removed before the error goes on.
 */
export async function storeImages(
  storage: Storage,
  owner: { libraryId: string; studentId: string },
  images: PreparedImage[],
): Promise<StudentImageKeys> {
  const keys: StudentImageKeys = {};
  const key = (kind: string) =>
    newStorageKey({ libraryId: owner.libraryId, entityType: 'students', entityId: owner.studentId, kind }, 'webp');
  const writes: Promise<void>[] = [];
  for (const { field, image, thumbnail } of images) {
    const imageKey = key(KIND[field]);
    keys[COLUMN[field]] = imageKey;
    writes.push(storage.put(imageKey, image, 'image/webp'));
    if (thumbnail) {
      keys.profileThumbKey = key('profile-thumb');
      writes.push(storage.put(keys.profileThumbKey, thumbnail, 'image/webp'));
    }
  }
  const results = await Promise.allSettled(writes);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await deleteFiles(storage, Object.values(keys));
    throw failed.reason;
  }
  return keys;
}
