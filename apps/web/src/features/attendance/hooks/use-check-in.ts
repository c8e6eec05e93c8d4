import { useCallback, useRef, useState } from 'react';
import { type AttendanceCheckInput, type AttendanceCheckResult, deskMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useCheckAttendanceMutation } from '../api/attendance-api';

/** How many answers the desk keeps in view under the latest. */
const RECENT_ANSWERS = 5;

/** What the desk shows: ready, a check in flight, the last answer, or a call that failed. */
export type CheckState =
  | { kind: 'waiting' }
  | { kind: 'busy' }
  | { kind: 'answer'; result: AttendanceCheckResult }
  | { kind: 'failed'; message: string };

/**
 * What the desk typed or scanned, as the check call's body: a 10-digit mobile number (spaces,
 * dashes, +91 or a leading 0 allowed) is a mobile, anything else a pass or card code; blank is nothing.
 */
export function checkBodyOf(entry: string): AttendanceCheckInput | null {
  const text = entry.trim();
  if (!text) return null;
  const digits = text.replace(/[\s()-]/g, '');
  if (/^(\+91|0091|0)?\d{10}$/.test(digits)) return { mobile: digits };
  return { code: text };
}

/**
 * The desk's check-in: one check at a time; a scan that arrives meanwhile is held and sent
 * next (the last one wins), so a USB scanner never loses a student.
 */
export function useCheckIn() {
  const [check] = useCheckAttendanceMutation();
  const [state, setState] = useState<CheckState>({ kind: 'waiting' });
  const [recent, setRecent] = useState<AttendanceCheckResult[]>([]);
  const busy = useRef(false);
  const held = useRef<AttendanceCheckInput | null>(null);

  const run = useCallback(
    async (first: AttendanceCheckInput) => {
      busy.current = true;
      let body: AttendanceCheckInput | null = first;
      while (body) {
        setState({ kind: 'busy' });
        const result = await check(body);
        if ('data' in result && result.data) {
          const answer = result.data;
          setState({ kind: 'answer', result: answer });
          setRecent((list) => [answer, ...list].slice(0, RECENT_ANSWERS));
        } else {
          setState({ kind: 'failed', message: errorMessage(result.error, deskMessages.checkIn.failed) });
        }
        body = held.current;
        held.current = null;
      }
      busy.current = false;
    },
    [check],
  );

  /** Sends a scanned or typed entry; false when it is blank. */
  const submit = useCallback(
    (entry: string) => {
      const body = checkBodyOf(entry);
      if (!body) return false;
      if (busy.current) held.current = body;
      else void run(body);
      return true;
    },
    [run],
  );

  return { state, recent, submit, isBusy: state.kind === 'busy' };
}
