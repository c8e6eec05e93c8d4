import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { type ReceiptDocument, receiptMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { ReceiptPaper } from '../api/receipts-api';
import { useReceiptSharing } from '../hooks/use-receipt-sharing';
import { useCan } from '@/lib/use-can';

const r = receiptMessages;
const a = r.actions;
const s = r.screen;

/** Two actions side by side (Adjust and Void), each half the panel. */
function Pair({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>{children}</Box>;
}

function ActionGroup({ id, title, help, children }: { id: string; title: string; help?: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} spacing={1}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      ) : null}
      {children}
    </Stack>
  );
}

interface ReceiptActionsProps {
  receipt: ReceiptDocument;
  downloading: boolean;
  onPrint: (paper: ReceiptPaper) => void;
  onDownload: () => void;
  /** Absent when the receipt can no longer be voided (already void). */
  onVoid?: () => void;
  /** Absent when the payment cannot be adjusted (void, or itself an adjustment). */
  onAdjust?: () => void;
}

/**
 * What can be done with a receipt: print it on either paper, download the PDF, share it with
 * the student (WhatsApp, a copied link; revoking every link shared), and correct the payment
 * (void, adjust), as far as the receipt allows.
 */
export function ReceiptActions({ receipt, downloading, onPrint, onDownload, onVoid, onAdjust }: ReceiptActionsProps) {
  const sharing = useReceiptSharing(receipt.payment_id);
  const [confirming, setConfirming] = useState(false);
  // Issue 16: revoking links and voiding are deletes, adjusting is management: not the desk's.
  const mayDelete = useCan('deletes');
  const whatsApp = sharing.link ? (
    <Button
      variant="contained"
      color="success"
      startIcon={<WhatsApp />}
      href={sharing.link.whatsapp_url}
      target="_blank"
      rel="noopener noreferrer"
    >
      {a.share}
    </Button>
  ) : (
    <Button
      variant="contained"
      color="success"
      startIcon={<WhatsApp />}
      disabled={sharing.creating}
      onClick={() => void sharing.shareOnWhatsApp()}
    >
      {sharing.creating ? s.creatingLink : a.share}
    </Button>
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack spacing={1.75} divider={<Divider flexItem />}>
        <ActionGroup id="receipt-print" title={s.printing}>
          <Button variant="outlined" startIcon={<PrintRounded />} onClick={() => onPrint('a5')}>
            {a.print}
          </Button>
          <Button variant="outlined" startIcon={<PrintRounded />} onClick={() => onPrint('80mm')}>
            {a.printThermal}
          </Button>
          <Button variant="outlined" startIcon={<FileDownloadRounded />} disabled={downloading} onClick={onDownload}>
            {downloading ? s.downloading : a.download}
          </Button>
        </ActionGroup>

        <ActionGroup id="receipt-share" title={s.sharing} help={s.shareHelp}>
          {whatsApp}
          <Button
            variant="outlined"
            startIcon={<ContentCopyRounded />}
            disabled={sharing.creating}
            onClick={() => void sharing.copyLink()}
          >
            {a.copyLink}
          </Button>
          {sharing.link ? (
            <TextField
              label={s.sharedLink}
              value={sharing.link.url}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, onFocus: selectAll } }}
            />
          ) : null}
          {mayDelete ? (
            <Button color="error" startIcon={<LinkOffRounded />} onClick={() => setConfirming(true)}>
              {a.revoke}
            </Button>
          ) : null}
        </ActionGroup>

        {mayDelete ? (
          <ActionGroup id="receipt-corrections" title={s.corrections} help={correctionsHelp(receipt, onVoid, onAdjust)}>
            {onVoid ? (
              <Pair>
                {onAdjust ? (
                  <Button variant="outlined" startIcon={<TuneRounded />} onClick={onAdjust}>
                    {r.adjustAction}
                  </Button>
                ) : null}
                <Button variant="outlined" color="error" startIcon={<BlockRounded />} onClick={onVoid}>
                  {r.voidAction}
                </Button>
              </Pair>
            ) : null}
          </ActionGroup>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={s.revokeTitle}
        text={a.revokeConfirm}
        confirmLabel={a.revoke}
        busyLabel={s.revokeBusy}
        busy={sharing.revoking}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          void sharing.revoke().then((done) => {
            if (done) setConfirming(false);
          });
        }}
      />
    </Paper>
  );
}

function selectAll(event: { currentTarget: HTMLInputElement }) {
  event.currentTarget.select();
}

/** Why a receipt offers the corrections it does. */
function correctionsHelp(receipt: ReceiptDocument, onVoid?: () => void, onAdjust?: () => void): string {
  if (receipt.void) return s.voidLocked;
  if (onVoid && !onAdjust) return s.adjustmentOnly;
  return s.correctionsHelp;
}
