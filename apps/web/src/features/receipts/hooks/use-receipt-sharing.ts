import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, type ReceiptLink, receiptMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useCreateReceiptLinkMutation, useRevokeReceiptLinksMutation } from '../api/receipts-api';

const a = receiptMessages.actions;
const s = receiptMessages.screen;
const options = { autoClose: TOAST_MS.default };

/**
 * A receipt's share link (issue 14). The server shows a link's token only when it makes it,
 * so the link made on this visit is kept here: Share on WhatsApp makes one the first time
 * (and then is a plain link to WhatsApp, which a phone opens from the tap itself), Copy link
 * copies it, Revoke withdraws every link of the receipt, this one included.
 */
export function useReceiptSharing(paymentId: string) {
  const [link, setLink] = useState<ReceiptLink | null>(null);
  const [create, creating] = useCreateReceiptLinkMutation();
  const [revokeCall, revoking] = useRevokeReceiptLinksMutation();

  const ensureLink = useCallback(async (): Promise<ReceiptLink | null> => {
    if (link) return link;
    try {
      const made = await create(paymentId).unwrap();
      setLink(made);
      return made;
    } catch (error) {
      toast.error(errorMessage(error, a.shareFailed), options);
      return null;
    }
  }, [create, link, paymentId]);

  /** Makes the link and opens WhatsApp with it; a phone that blocks the window gets the link as a button to tap. */
  const shareOnWhatsApp = useCallback(async () => {
    const made = await ensureLink();
    if (made) window.open(made.whatsapp_url, '_blank', 'noopener,noreferrer');
  }, [ensureLink]);

  const copyLink = useCallback(async () => {
    const made = await ensureLink();
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast.success(a.linkCopied, options);
    } catch {
      // No clipboard (a page not served over HTTPS): the link is on screen to select.
      toast.info(s.copyFailed, options);
    }
  }, [ensureLink]);

  /** Revokes every link of the receipt; answers whether it was done. */
  const revoke = useCallback(async () => {
    try {
      await revokeCall(paymentId).unwrap();
      setLink(null);
      toast.success(a.revoked, options);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, a.revokeFailed), options);
      return false;
    }
  }, [paymentId, revokeCall]);

  return {
    link,
    creating: creating.isLoading,
    revoking: revoking.isLoading,
    shareOnWhatsApp,
    copyLink,
    revoke,
  };
}
