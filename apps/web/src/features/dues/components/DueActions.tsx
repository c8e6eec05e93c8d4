import type { MouseEvent, ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import SmsRounded from '@mui/icons-material/SmsRounded';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { canTakeWhatsApp, smsLink, whatsappLink, type DueRecord, duesMessages } from '@app/shared';
import { studentName } from './due-format';

const m = duesMessages;

/** The id of the one hidden sentence a refused reminder is described by (DuesPage renders it). */
export const NO_WHATSAPP_REASON_ID = 'dues-no-whatsapp-reason';

interface DueActionsProps {
  due: DueRecord;
  onRemind: (due: DueRecord, channel: 'whatsapp' | 'sms') => void;
  onShowQr: (due: DueRecord) => void;
  /** Absent when payments cannot be recorded here, or nothing of the agreed price is unpaid. */
  onRecordPayment?: (due: DueRecord) => void;
}

/**
 * A reminder link: an anchor, so a phone opens WhatsApp (or the SMS app) at once from the
 * tap itself, which also records the reminder. A mobile that cannot take WhatsApp gets a
 * button that stays focusable, says why in its tooltip and description, and does nothing.
 */
function ReminderLink({
  label,
  href,
  refused,
  color,
  onOpen,
  children,
}: {
  label: string;
  href: string;
  refused: boolean;
  color: 'success' | 'default';
  onOpen: () => void;
  children: ReactNode;
}) {
  if (refused) {
    return (
      <Tooltip title={m.noWhatsApp}>
        <IconButton
          aria-label={label}
          aria-disabled="true"
          aria-describedby={NO_WHATSAPP_REASON_ID}
          onClick={(event: MouseEvent) => event.preventDefault()}
          sx={{ color: 'action.disabled', cursor: 'not-allowed' }}
        >
          {children}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        color={color}
        onClick={onOpen}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** A due's actions: remind on WhatsApp, remind by SMS, show the UPI QR, record a payment. */
export function DueActions({ due, onRemind, onShowQr, onRecordPayment }: DueActionsProps) {
  const name = studentName(due);
  const refused = !canTakeWhatsApp(due.mobile);
  return (
    <>
      <ReminderLink
        label={`${m.remindWhatsApp}: ${name}`}
        href={whatsappLink(due.mobile, due.reminder_text)}
        refused={refused}
        color="success"
        onOpen={() => onRemind(due, 'whatsapp')}
      >
        <WhatsApp fontSize="small" />
      </ReminderLink>
      <ReminderLink
        label={`${m.remindSms}: ${name}`}
        href={smsLink(due.mobile, due.reminder_text)}
        refused={refused}
        color="default"
        onOpen={() => onRemind(due, 'sms')}
      >
        <SmsRounded fontSize="small" />
      </ReminderLink>
      <Tooltip title={m.showQr}>
        <IconButton aria-label={`${m.showQr}: ${name}`} onClick={() => onShowQr(due)}>
          <QrCode2Rounded fontSize="small" />
        </IconButton>
      </Tooltip>
      {onRecordPayment ? (
        <Tooltip title={m.recordPayment}>
          <IconButton aria-label={`${m.recordPayment}: ${name}`} color="primary" onClick={() => onRecordPayment(due)}>
            <PaymentsRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
  );
}
