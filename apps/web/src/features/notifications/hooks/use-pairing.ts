import { useState } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, type PairingCodeResult, deskMessages, notificationMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import {
  useGetStudentPairingQuery,
  useMakePairingCodeMutation,
  useUnpairDeviceMutation,
  useUnpairStudentSessionMutation,
} from '../api/notifications-api';

const p = notificationMessages.pairing;
const d = deskMessages.pairing;
const toastOptions = { autoClose: TOAST_MS.notifications };

/** A student's paired phones, and making a new pairing code (shown once, kept in memory only). */
export function usePairing(studentId: string, open: boolean) {
  const pairing = useGetStudentPairingQuery(studentId, { skip: !open });
  const [makeCode, making] = useMakePairingCodeMutation();
  const [unpair, unpairing] = useUnpairDeviceMutation();
  const [unpairSession, unpairingSession] = useUnpairStudentSessionMutation();
  const [code, setCode] = useState<PairingCodeResult | null>(null);

  return {
    pairing,
    code,
    isMaking: making.isLoading,
    unpairingId: unpairing.isLoading ? unpairing.originalArgs?.deviceId : undefined,
    async makeCode() {
      const result = await makeCode(studentId);
      if ('data' in result && result.data) {
        setCode(result.data);
        toast.success(p.generated, toastOptions);
      } else {
        toast.error(errorMessage(result.error, p.failed), toastOptions);
      }
    },
    async unpair(deviceId: string) {
      const result = await unpair({ studentId, deviceId });
      if ('error' in result) toast.error(errorMessage(result.error, p.removeFailed), toastOptions);
      else toast.success(p.removed, toastOptions);
    },
    isUnpairingSession: unpairingSession.isLoading,
    /** Signs a phone out of the student app; true once done. */
    async unpairSession(sessionId: string) {
      const result = await unpairSession({ studentId, sessionId });
      if ('error' in result) {
        toast.error(errorMessage(result.error, d.unpairFailed), toastOptions);
        return false;
      }
      toast.success(d.unpaired, toastOptions);
      return true;
    },
    forgetCode: () => setCode(null),
  };
}
