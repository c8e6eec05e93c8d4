import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { skipToken } from '@reduxjs/toolkit/query';
import { TOAST_MS, type Subscription, subscriptionMessages } from '@app/shared';
import { useGetSubscriptionQuery } from '../api/subscriptions-api';
import { DialogLoader, SubscriptionDialog } from './SubscriptionDialog';
import { UpdateSubscriptionForm } from './UpdateSubscriptionForm';

const m = subscriptionMessages;

interface UpdateSubscriptionDialogProps {
  open: boolean;
  /** The subscription to edit; the parent remounts the dialog for every opening. */
  subscriptionId?: string;
  onClose: () => void;
}

/**
 * Update Subscription: opened fresh from the server (`GET /subscription/{id}`); when
 * that fails the dialog closes with "Failed to get the area" (SPEC.md §8, sic).
 */
export function UpdateSubscriptionDialog({ open, subscriptionId, onClose }: UpdateSubscriptionDialogProps) {
  const { data, isError, isFetching } = useGetSubscriptionQuery(subscriptionId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });

  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (subscriptionId && isError) {
      toast.error(m.loadFailed, { autoClose: TOAST_MS.default });
      onClose();
    }
  }, [subscriptionId, isError, onClose]);

  const subscription: Subscription | undefined = data && !isFetching && data.id === subscriptionId ? data : undefined;
  return (
    <SubscriptionDialog open={open && !isError} title={m.updateTitle} busy={busy} onClose={onClose}>
      {subscription ? (
        <UpdateSubscriptionForm subscription={subscription} onBusyChange={setBusy} onClose={onClose} />
      ) : (
        <DialogLoader />
      )}
    </SubscriptionDialog>
  );
}
