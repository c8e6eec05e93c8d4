import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { coreMessages, receiptMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { errorMessage } from '@/lib/api-errors';
import { useGetReceiptViewQuery, type ReceiptPaper } from '../api/receipts-api';

const s = receiptMessages.screen;
const PAPERS: readonly ReceiptPaper[] = ['a5', '80mm'];
/** How wide each paper shows: A5 is 148 mm, a thermal roll 80 mm (at 96 px to the inch, with a margin). */
const FRAME_WIDTH: Record<ReceiptPaper, number> = { a5: 600, '80mm': 340 };

interface ReceiptPreviewProps {
  paymentId: string;
  receiptNo: string;
  frame: RefObject<HTMLIFrameElement | null>;
  paper: ReceiptPaper;
  height: number | undefined;
  onPaper: (paper: ReceiptPaper) => void;
  onLoad: (shown: ReceiptPaper) => void;
}

/**
 * The receipt as it prints: the server's printable page (the one page the PDF and the shared
 * link are made from too) in a frame, on A5 or an 80 mm roll. The frame is sandboxed without
 * scripts; it keeps the app's origin so the screen can print it and measure its height.
 */
export function ReceiptPreview({ paymentId, receiptNo, frame, paper, height, onPaper, onLoad }: ReceiptPreviewProps) {
  const view = useGetReceiptViewQuery({ paymentId, paper });
  const html = view.currentData;
  return (
    <Box component="section" aria-labelledby="receipt-preview-title" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="receipt-preview-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {s.paper}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={paper}
          aria-labelledby="receipt-preview-title"
          onChange={(_, next: ReceiptPaper | null) => {
            if (next) onPaper(next);
          }}
        >
          {PAPERS.map((option) => (
            <ToggleButton key={option} value={option} sx={{ px: 2 }}>
              {s.papers[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'center',
          p: { xs: 1, sm: 3 },
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        {view.isError ? (
          <ErrorScreen detail={errorMessage(view.error, s.viewFailed)} onRefresh={() => void view.refetch()} />
        ) : html === undefined ? (
          <Skeleton
            variant="rectangular"
            aria-label={coreMessages.common.loading}
            sx={{ width: '100%', maxWidth: FRAME_WIDTH[paper], height: 640, borderRadius: 1 }}
          />
        ) : (
          <Box
            component="iframe"
            ref={frame}
            key={paper}
            title={s.preview(receiptNo)}
            srcDoc={html}
            sandbox="allow-same-origin allow-modals"
            onLoad={() => onLoad(paper)}
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: FRAME_WIDTH[paper],
              height: height ?? 640,
              border: 0,
              borderRadius: 1,
              bgcolor: '#fff',
              boxShadow: 3,
            }}
          />
        )}
      </Box>
    </Box>
  );
}
