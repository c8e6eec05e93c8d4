import { useCallback } from 'react';
import { consentGiverFor, STUDENT_IMAGE_FIELDS, todayIn, TOAST_MS, studentMessages } from '@app/shared';
import { useSaveWithToast, type SaveResult } from '@/lib/entity-actions';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useCreateStudentMutation, useUpdateStudentMutation } from '../api/students-api';
import type { StudentFormOutput } from '../components/student-form-fields';

const m = studentMessages;
const options = { autoClose: TOAST_MS.students };
const texts = { added: m.created, updated: m.updated, addFailed: m.createFailed, updateFailed: m.updateFailed };

/**
 * The multipart body of `POST /user` and `PUT /user/{id}`: the fields, each image chosen,
 * and who agreed to the notice when the consent box was ticked (issue 19): a parent or
 * guardian for a student under 18 on the library's `today`, else the student.
 */
function studentFormData(values: StudentFormOutput, today: string): FormData {
  const body = new FormData();
  body.append('first_name', values.first_name);
  body.append('last_name', values.last_name ?? '');
  body.append('mobile', values.mobile);
  body.append('email', values.email);
  body.append('aadhaar_number', values.aadhaar_number);
  body.append('dob', values.dob);
  for (const field of STUDENT_IMAGE_FIELDS) {
    const file = values[field];
    if (file instanceof Blob) body.append(field, file, (file as File).name || `${field}.jpg`);
  }
  if (values.consent) body.append('consent', consentGiverFor(values.dob, today));
  return body;
}

/** Creates or updates a student with the spec's toasts (SPEC.md §8 Student save). */
export function useSaveStudent(studentId: string | undefined) {
  const [create] = useCreateStudentMutation();
  const [update] = useUpdateStudentMutation();
  const save = useSaveWithToast(create, update, texts, options);
  const timeZone = useLibraryTimeZone();
  return useCallback(
    (values: StudentFormOutput): Promise<SaveResult> => save(studentId, studentFormData(values, todayIn(timeZone))),
    [save, studentId, timeZone],
  );
}
