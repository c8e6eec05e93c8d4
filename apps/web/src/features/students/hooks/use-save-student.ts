import { useCallback } from 'react';
import { messages, STUDENT_IMAGE_FIELDS, TOAST_MS, type StudentFormValues } from '@app/shared';
import { useSaveWithToast, type SaveResult } from '@/lib/entity-actions';
import { useCreateStudentMutation, useUpdateStudentMutation } from '../api/students-api';

const m = messages.students;
const options = { autoClose: TOAST_MS.students };
const texts = { added: m.created, updated: m.updated, addFailed: m.createFailed, updateFailed: m.updateFailed };

/** The multipart body of `POST /user` and `PUT /user/{id}`: the fields, and each image chosen. */
function studentFormData(values: StudentFormValues): FormData {
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
  return body;
}

/** Creates or updates a student with the spec's toasts (SPEC.md §8 Student save). */
export function useSaveStudent(studentId: string | undefined) {
  const [create] = useCreateStudentMutation();
  const [update] = useUpdateStudentMutation();
  const save = useSaveWithToast(create, update, texts, options);
  return useCallback(
    (values: StudentFormValues): Promise<SaveResult> => save(studentId, studentFormData(values)),
    [save, studentId],
  );
}
