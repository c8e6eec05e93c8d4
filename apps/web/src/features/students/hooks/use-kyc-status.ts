import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, type KycStatus, studentMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useSetKycStatusMutation } from '../api/students-api';

const options = { autoClose: TOAST_MS.students };

/** Marks a student's KYC verified, rejected or pending, and says how it went. */
export function useKycStatus() {
  const [setKycStatus, state] = useSetKycStatusMutation();
  const change = useCallback(
    async (id: string, kycStatus: KycStatus) => {
      try {
        await setKycStatus({ id, kyc_status: kycStatus }).unwrap();
        toast.success(studentMessages.kycUpdated, options);
      } catch (error) {
        toast.error(errorMessage(error, studentMessages.kycUpdateFailed), options);
      }
    },
    [setKycStatus],
  );
  return { change, isChanging: state.isLoading, changingId: state.originalArgs?.id };
}
