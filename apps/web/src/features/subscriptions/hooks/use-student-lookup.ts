import { useCallback, useRef, useState } from 'react';
import { type StudentLookup, studentMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useLazyLookupStudentQuery } from '../api/subscriptions-api';

/** A lookup starts when exactly this many characters are typed (SPEC.md §9). */
export const LOOKUP_LENGTH = 10;

export type LookupState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; student: StudentLookup }
  | { status: 'failed'; message: string };

/**
 * Finds the student behind a mobile number (`GET /user/mobile/{mobile}`). `lookUp`
 * answers the student, or undefined when there is none or the owner has typed on
 * since (an older answer must not overwrite a newer number). A failure keeps the
 * server's message, which the form shows on the mobile field (SPEC.md §5).
 */
export function useStudentLookup() {
  const [trigger] = useLazyLookupStudentQuery();
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const latest = useRef('');

  const lookUp = useCallback(
    async (mobile: string): Promise<StudentLookup | undefined> => {
      latest.current = mobile;
      if (mobile.length !== LOOKUP_LENGTH) {
        setState({ status: 'idle' });
        return undefined;
      }
      setState({ status: 'loading' });
      try {
        const student = await trigger(mobile).unwrap();
        if (latest.current !== mobile) return undefined;
        setState({ status: 'found', student });
        return student;
      } catch (error) {
        if (latest.current === mobile) {
          setState({ status: 'failed', message: errorMessage(error, studentMessages.mobileNotFound) });
        }
        return undefined;
      }
    },
    [trigger],
  );

  return { state, lookUp };
}
