import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The QR drawing of `value` as SVG markup, by the qrcode library (a lazy chunk the service worker keeps). */
async function drawQr(value: string): Promise<string> {
  const { toString } = await import('qrcode');
  // Black on white with a quiet zone, whatever the theme: what scanners read best.
  return toString(value, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** A QR code of `value`, `size` px square, labelled for screen readers; `onFail` when it cannot be drawn. */
export function QrDrawing({
  value,
  label,
  size,
  onFail,
}: {
  value: string;
  label: string;
  size: number;
  onFail: () => void;
}) {
  const [drawn, setDrawn] = useState<{ value: string; svg: string } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    drawQr(value).then(
      (svg) => current && setDrawn({ value, svg }),
      () => current && onFail(),
    );
    return () => {
      current = false;
    };
  }, [value, onFail]);

  // The previous code stays up while the next is drawn, so the QR never blinks.
  return (
    <Box
      role="img"
      aria-label={label}
      data-qr-value={drawn?.value}
      sx={{
        width: size,
        maxWidth: '100%',
        aspectRatio: '1',
        mx: 'auto',
        // Centred in a Stack too (its spacing resets the children's margins).
        alignSelf: 'center',
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#ffffff',
        borderRadius: 2,
        '& svg': { width: '100%', height: '100%', display: 'block' },
      }}
    >
      {drawn ? (
        // The markup is the qrcode library's own drawing (rectangles and paths only).
        <Box sx={{ width: '100%', height: '100%' }} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
      ) : (
        <CircularProgress aria-hidden />
      )}
    </Box>
  );
}
