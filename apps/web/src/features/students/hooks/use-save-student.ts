import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { messages, STUDENT_IMAGE_FIELDS, TOAST_MS, type FieldError, type StudentFormValues } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useCreateStudentMutation, useUpdateStudentMutation } from '../api/students-api';

const m = messages.students;
const options = { autoClose: TOAST_MS.students };

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

function fieldErrors(error: unknown): FieldError[] {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  return Array.isArray(data?.errors) ? (data.errors as FieldError[]) : [];
}

export interface SaveOutcome {
  saved: boolean;
  fieldErrors: FieldError[];
}

/** Creates or updates a student with the spec's toasts (SPEC.md §8 Student save). */
export function useSaveStudent(studentId: string | undefined) {
  const [create] = useCreateStudentMutation();
  const [update] = useUpdateStudentMutation();
  return useCallback(
    async (values: StudentFormValues): Promise<SaveOutcome> => {
      const body = studentFormData(values);
      try {
        if (studentId) await update({ id: studentId, body }).unwrap();
        else await create(body).unwrap();
        toast.success(studentId ? m.updated : m.created, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        toast.error(errorMessage(error, studentId ? m.updateFailed : m.createFailed), options);
        return { saved: false, fieldErrors: fieldErrors(error) };
      }
    },
    [create, update, studentId],
  );
}
