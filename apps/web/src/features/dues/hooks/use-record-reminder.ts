import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, type DueRecord, duesMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useRecordReminderMutation } from '../api/dues-api';

const options = { autoClose: TOAST_MS.default };

/**
 * Records a reminder sent from a dues row (the link itself opens WhatsApp or SMS on its own),
 * then the list shows it: "Reminder recorded", else the server's reason or "Failed to record
 * the reminder".
 */
export function useRecordReminder() {
  const [recordCall] = useRecordReminderMutation();
  return useCallback(
    async (due: DueRecord, channel: 'whatsapp' | 'sms') => {
      try {
        await recordCall({ subscriptionId: due.subscription_id, group: due.group, channel }).unwrap();
        toast.success(duesMessages.reminderRecorded, options);
      } catch (error) {
        toast.error(errorMessage(error, duesMessages.reminderFailed), options);
      }
    },
    [recordCall],
  );
}
