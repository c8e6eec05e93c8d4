import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { coreMessages, duesMessages } from '@app/shared';

const SIZE = 240;

/** The QR drawing of `text` as SVG markup, by the qrcode library, loaded only when a QR is shown. */
async function drawQr(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  // Black on white with a quiet zone, whatever the theme: what every UPI app's scanner reads best.
  return toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

type Drawing = { link: string; svg: string } | { link: string; failed: true };

/** A UPI link as a QR code a student scans at the desk; a spinner while the library loads. */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const [drawing, setDrawing] = useState<Drawing | undefined>(undefined);
  useEffect(() => {
    let current = true;
    drawQr(link).then(
      (svg) => current && setDrawing({ link, svg }),
      () => current && setDrawing({ link, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [link]);

  const shown = drawing?.link === link ? drawing : undefined;
  if (shown && 'failed' in shown) {
    return (
      <Typography role="alert" color="error" sx={{ py: 4, textAlign: 'center' }}>
        {duesMessages.qr.drawFailed}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        width: SIZE,
        height: SIZE,
        // Centred in the dialog's column (a Stack's spacing resets the children's margins).
        alignSelf: 'center',
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#ffffff',
        borderRadius: 2,
        '& svg': { width: '100%', height: '100%', display: 'block' },
      }}
    >
      {shown ? (
        // The markup is the qrcode library's own drawing of the link (rectangles and paths only).
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
