import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@app/shared';

/** The QR drawing of `text` as SVG markup, by the qrcode library, loaded only when a QR is shown. */
async function drawQr(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  // Black on white with a quiet zone, whatever the theme: what phone cameras read best.
  return toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

type Drawing = { text: string; svg: string } | { text: string; failed: true };

interface QrCodeProps {
  /** What the QR carries. */
  text: string;
  /** Its accessible name. */
  label: string;
  /** Shown when the drawing fails. */
  failedText: string;
  size?: number;
}

/** Any text as a QR code (SVG, black on white); a spinner while the library loads. */
export function QrCode({ text, label, failedText, size = 200 }: QrCodeProps) {
  const [drawing, setDrawing] = useState<Drawing | undefined>(undefined);
  useEffect(() => {
    let current = true;
    drawQr(text).then(
      (svg) => current && setDrawing({ text, svg }),
      () => current && setDrawing({ text, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [text]);

  const shown = drawing?.text === text ? drawing : undefined;
  if (shown && 'failed' in shown) {
    return (
      <Typography role="alert" color="error" sx={{ py: 4, textAlign: 'center' }}>
        {failedText}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        width: size,
        height: size,
        alignSelf: 'center',
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#ffffff',
        borderRadius: 1,
        '& svg': { width: '100%', height: '100%', display: 'block' },
      }}
    >
      {shown ? (
        // The markup is the qrcode library's own drawing (rectangles and paths only).
        <Box
          role="img"
          aria-label={label}
          sx={{ width: '100%', height: '100%' }}
          dangerouslySetInnerHTML={{ __html: shown.svg }}
        />
      ) : (
        <CircularProgress aria-label={coreMessages.common.loading} />
      )}
    </Box>
  );
}
