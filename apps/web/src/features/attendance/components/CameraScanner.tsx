import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { deskMessages } from '@app/shared';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/pure';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const m = deskMessages.checkIn;

/** How often a frame is read: fast enough to feel instant, light on a desk phone. */
const FRAME_INTERVAL_MS = 150;
/** The same QR held in front of the camera is sent once in this long (the server ignores repeats anyway). */
const SAME_CODE_HOLD_MS = 4000;

// The reader's WebAssembly is a file of this build, never the library's default CDN.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
  },
});

export type CameraProblem = 'denied' | 'absent' | 'insecure' | 'failed' | 'reader';

const PROBLEM_TEXT: Record<CameraProblem, string> = {
  denied: m.cameraDenied,
  absent: m.cameraAbsent,
  insecure: m.cameraInsecure,
  failed: m.cameraFailed,
  reader: m.scannerFailed,
};

/** What went wrong starting the camera, in the owner's words. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'absent';
  return 'failed';
}

interface CameraScannerProps {
  /** A QR's text, once per code held in front of the camera. */
  onCode: (code: string) => void;
  /** While true (a check in flight), frames are not read. */
  paused: boolean;
}

/**
 * The desk phone's camera (the back one when there is one) reading QR codes with ZXing's
 * WebAssembly reader. Loaded only by the Check-in screen, and only once the camera is asked for.
 */
export default function CameraScanner({ onCode, paused }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [started, setStarted] = useState(false);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };

    const readFrames = (detector: BarcodeDetector, video: HTMLVideoElement) => {
      const read = async () => {
        if (stopped) return;
        if (!pausedRef.current && video.readyState >= video.HAVE_CURRENT_DATA) {
          try {
            const found = await detector.detect(video);
            const code = found[0]?.rawValue.trim();
            const now = Date.now();
            if (code && !stopped && (code !== last.code || now - last.at > SAME_CODE_HOLD_MS)) {
              last = { code, at: now };
              onCodeRef.current(code);
            }
          } catch {
            if (!stopped) setProblem('reader');
            return;
          }
        }
        timer = setTimeout(() => void read(), FRAME_INTERVAL_MS);
      };
      void read();
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(window.isSecureContext ? 'absent' : 'insecure');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraProblemOf(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read.
      }
      let detector: BarcodeDetector;
      try {
        detector = new BarcodeDetector({ formats: ['qr_code'] });
      } catch {
        setProblem('reader');
        return;
      }
      setStarted(true);
      readFrames(detector, video);
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem) {
    return (
      <Alert severity="warning" role="alert">
        {PROBLEM_TEXT[problem]}
      </Alert>
    );
  }
  return (
    <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'common.black' }}>
      <Box
        component="video"
        ref={videoRef}
        muted
        playsInline
        aria-label={m.videoLabel}
        sx={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover' }}
      />
      <Typography
        variant="body2"
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          p: 1,
          color: 'common.white',
          bgcolor: 'rgba(0,0,0,0.55)',
        }}
      >
        {started ? m.cameraHint : m.cameraStarting}
      </Typography>
    </Box>
  );
}
