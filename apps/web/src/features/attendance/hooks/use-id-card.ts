import { toast } from '@/lib/toast';
import { deskMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useGetIdCardQuery, useIssueIdCardMutation, useRevokeIdCardMutation } from '../api/attendance-api';

const c = deskMessages.idCard;

/** Whether a failed read means the student simply has no card (404), rather than a failure. */
const isNoCard = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** A student's live ID card: read, issued (the old one revoked) and revoked. */
export function useIdCard(studentId: string) {
  const card = useGetIdCardQuery(studentId, { refetchOnMountOrArgChange: true });
  const [issue, issuing] = useIssueIdCardMutation();
  const [revoke, revoking] = useRevokeIdCardMutation();
  const none = card.isError && isNoCard(card.error);
  return {
    card: none ? null : card.currentData,
    loading: card.isLoading || (card.isFetching && !card.currentData && !card.isError),
    failure: card.isError && !none ? errorMessage(card.error, c.loadFailed) : null,
    retry: () => void card.refetch(),
    isIssuing: issuing.isLoading,
    isRevoking: revoking.isLoading,
    /** True once a new card is issued. */
    async issue() {
      const result = await issue(studentId);
      if ('error' in result) {
        toast.error(errorMessage(result.error, c.failed));
        return false;
      }
      toast.success(c.issued);
      return true;
    },
    /** True once the card is revoked. */
    async revoke() {
      const result = await revoke(studentId);
      if ('error' in result) {
        toast.error(errorMessage(result.error, c.revokeFailed));
        return false;
      }
      toast.success(c.revoked);
      return true;
    },
  };
}
