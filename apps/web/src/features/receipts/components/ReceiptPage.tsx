import { useState, type ComponentType } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import {
  formatDateDMY,
  formatRupees,
  formatTime12h,
  type PaymentRecord,
  type ReceiptDocument,
  coreMessages,
  paymentMessages,
  receiptMessages,
} from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageLoader } from '@/components/PageLoader';
import { receiptPath, type ReceiptLinkState } from '@/components/ReceiptLink';
import { errorMessage } from '@/lib/api-errors';
import { downloadExport } from '@/lib/file-export';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useDownloadReceiptPdfMutation, useGetReceiptQuery } from '../api/receipts-api';
import { useReceiptFrame } from '../hooks/use-receipt-frame';
import { ReceiptActions } from './ReceiptActions';
import { ReceiptPreview } from './ReceiptPreview';

const r = receiptMessages;
const s = r.screen;

/** The payment a correction dialog is about (the payments feature's dialogs take this shape). */
interface CorrectedPayment {
  id: string;
  receipt_no: string;
  amount: number;
  student: string;
}

/** The payments feature's Void and Adjust dialogs, handed in by the route (features do not import each other). */
export interface ReceiptCorrections {
  VoidDialog: ComponentType<{
    open: boolean;
    payment: CorrectedPayment;
    onClose(): void;
  }>;
  AdjustDialog: ComponentType<{
    open: boolean;
    payment: CorrectedPayment;
    onClose(): void;
    onAdjusted?(adjustment: PaymentRecord): void;
  }>;
}

/** Where Back goes: the screen the receipt was opened from, else the day book. */
function useBackTarget(): string {
  const state = useLocation().state as Partial<ReceiptLinkState> | null;
  return typeof state?.from === 'string' && state.from.startsWith('/app/') ? state.from : '/app/day-book';
}

function BackLink({ to }: { to: string }) {
  return (
    <Box>
      <Button component={RouterLink} to={to} startIcon={<ArrowBackRounded />} sx={{ ml: -1 }}>
        {s.back}
      </Button>
    </Box>
  );
}

/** What a void receipt and an adjustment say above the preview: the void's who, when and why; the receipt adjusted. */
function ReceiptNotices({ receipt, back }: { receipt: ReceiptDocument; back: string }) {
  return (
    <>
      {receipt.void ? (
        <Alert severity="error" variant="outlined">
          {r.voidedNote(
            // The document's times are the library's wall clock already: `YYYY-MM-DD HH:mm`.
            `${formatDateDMY(receipt.void.at.slice(0, 10))} ${formatTime12h(receipt.void.at.slice(11, 16))}`,
            receipt.void.by ?? paymentMessages.notRecorded,
            receipt.void.reason,
          )}
        </Alert>
      ) : null}
      {receipt.adjusts ? (
        <Alert
          severity="info"
          variant="outlined"
          action={
            <Link
              component={RouterLink}
              to={receiptPath(receipt.adjusts.payment_id)}
              state={{ from: back } satisfies ReceiptLinkState}
              sx={{ whiteSpace: 'nowrap', alignSelf: 'center', mr: 1 }}
            >
              {receipt.adjusts.receipt_no ? s.openOriginal(receipt.adjusts.receipt_no) : s.openAdjusted}
            </Link>
          }
        >
          {r.adjustsNote(receipt.adjusts.receipt_no ?? '—', receipt.adjusts.reason)}
        </Alert>
      ) : null}
    </>
  );
}

/** A receipt that cannot be shown: none with this id in the library, or a ₹0 fee, which has none. */
function NoReceipt({ message, back }: { message: string; back: string }) {
  return (
    <Stack spacing={2}>
      <BackLink to={back} />
      <Paper sx={{ p: { xs: 3, sm: 5 }, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
        <ReceiptLongRounded color="disabled" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="h1">
          {message}
        </Typography>
      </Paper>
    </Stack>
  );
}

type Correcting = 'void' | 'adjust' | null;

function ReceiptScreen({
  receipt,
  back,
  corrections,
}: {
  receipt: ReceiptDocument;
  back: string;
  corrections: ReceiptCorrections;
}) {
  const navigate = useNavigate();
  const frame = useReceiptFrame();
  const [exportPdf, exporting] = useDownloadReceiptPdfMutation();
  const [correcting, setCorrecting] = useState<Correcting>(null);
  const heading = s.heading(receipt.type, receipt.receipt_no);
  const payment: CorrectedPayment = {
    id: receipt.payment_id,
    receipt_no: receipt.receipt_no,
    amount: receipt.amount,
    student: receipt.student.name,
  };
  const canVoid = !receipt.void;
  const canAdjust = !receipt.void && receipt.kind !== 'adjustment';
  const { VoidDialog, AdjustDialog } = corrections;

  return (
    <Stack spacing={1.5}>
      <title>{`${heading} · ${coreMessages.app.name}`}</title>
      <BackLink to={back} />
      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          rowGap: 2.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
          gridTemplateAreas: { xs: '"head" "actions" "preview"', lg: '"head actions" "preview actions"' },
        }}
      >
        <Stack spacing={2} sx={{ gridArea: 'head', minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: undefined } }}>
                {heading.slice(0, heading.lastIndexOf(receipt.receipt_no))}
                {/* The number never breaks at its hyphen or slashes: it is read and typed whole. */}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {receipt.receipt_no}
                </Box>
              </Typography>
              <Typography color="text.secondary">
                {s.summary(receipt.student.name, formatRupees(receipt.amount), formatDateDMY(receipt.date))}
              </Typography>
            </Box>
            {receipt.void ? <Chip color="error" label={r.void} sx={{ fontWeight: 700, letterSpacing: 1 }} /> : null}
          </Stack>
          <ReceiptNotices receipt={receipt} back={back} />
        </Stack>
        <Box sx={{ gridArea: 'actions', position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <ReceiptActions
            receipt={receipt}
            downloading={exporting.isLoading}
            onPrint={(paper) => frame.print(paper)}
            onDownload={() =>
              void downloadExport(exportPdf, { paymentId: receipt.payment_id, paper: frame.paper }, s.downloadFailed)
            }
            onVoid={canVoid ? () => setCorrecting('void') : undefined}
            onAdjust={canAdjust ? () => setCorrecting('adjust') : undefined}
          />
        </Box>
        <Box sx={{ gridArea: 'preview', minWidth: 0 }}>
          <ReceiptPreview
            paymentId={receipt.payment_id}
            receiptNo={receipt.receipt_no}
            frame={frame.frame}
            paper={frame.paper}
            height={frame.height}
            onPaper={frame.setPaper}
            onLoad={frame.onLoad}
          />
        </Box>
      </Box>
      {correcting === 'void' ? <VoidDialog open payment={payment} onClose={() => setCorrecting(null)} /> : null}
      {correcting === 'adjust' ? (
        <AdjustDialog
          open
          payment={payment}
          onClose={() => setCorrecting(null)}
          onAdjusted={(adjustment) => {
            // More received has a receipt of its own, the one the student needs now; a refund has none.
            if (adjustment.receipt_no) {
              void navigate(receiptPath(adjustment.id), { state: { from: back } satisfies ReceiptLinkState });
            }
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A payment's receipt (issue 14, `/app/receipts/:paymentId`): the server's printable page, on
 * A5 or an 80 mm roll, with Print on either paper, Download PDF, sharing with the student
 * (WhatsApp, a copied link, revoking), and Void and Adjust. A void receipt is marked VOID
 * with who, when and why, and offers no corrections; an adjustment links to its original.
 */
export function ReceiptPage({ corrections }: { corrections: ReceiptCorrections }) {
  const { paymentId = '' } = useParams();
  const back = useBackTarget();
  const query = useGetReceiptQuery(paymentId, { refetchOnMountOrArgChange: true });
  const notFound = query.isError && 'status' in query.error && query.error.status === 404;
  const failure = query.isError && !notFound ? errorMessage(query.error, r.actions.fetchFailed) : undefined;
  useFailureToast(failure, query.error);

  if (notFound) return <NoReceipt message={errorMessage(query.error, r.notFound)} back={back} />;
  if (failure) {
    return (
      <Stack spacing={2}>
        <BackLink to={back} />
        <ErrorScreen detail={failure} onRefresh={() => void query.refetch()} />
      </Stack>
    );
  }
  const receipt = query.currentData;
  if (!receipt) return <PageLoader />;
  return <ReceiptScreen receipt={receipt} back={back} corrections={corrections} />;
}
