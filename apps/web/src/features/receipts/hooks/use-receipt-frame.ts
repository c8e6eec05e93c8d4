import { useCallback, useRef, useState } from 'react';
import type { ReceiptPaper } from '../api/receipts-api';

/**
 * The frame that shows a receipt's printable page: which paper it shows, its height fitted
 * to the page once loaded (no scroll bar inside a scrolling screen), and printing on either
 * paper. Printing the paper not shown first switches the frame to it and prints once the
 * frame has loaded that page, so what prints is always the server's own page for that paper.
 */
export function useReceiptFrame() {
  const frame = useRef<HTMLIFrameElement>(null);
  const [paper, setPaperState] = useState<ReceiptPaper>('a5');
  const [height, setHeight] = useState<number>();
  const loaded = useRef<ReceiptPaper | null>(null);
  const pendingPrint = useRef<ReceiptPaper | null>(null);

  const printNow = useCallback(() => frame.current?.contentWindow?.print(), []);

  const setPaper = useCallback(
    (next: ReceiptPaper) => {
      if (next === paper) return;
      loaded.current = null;
      setHeight(undefined);
      setPaperState(next);
    },
    [paper],
  );

  /** Called by the frame's load event with the paper it shows. */
  const onLoad = useCallback(
    (shown: ReceiptPaper) => {
      const page = frame.current?.contentDocument?.documentElement;
      if (page) setHeight(page.scrollHeight);
      loaded.current = shown;
      if (pendingPrint.current === shown) {
        pendingPrint.current = null;
        printNow();
      }
    },
    [printNow],
  );

  const print = useCallback(
    (on: ReceiptPaper) => {
      if (on === paper && loaded.current === on) {
        printNow();
        return;
      }
      pendingPrint.current = on;
      setPaper(on);
    },
    [paper, printNow, setPaper],
  );

  return { frame, paper, setPaper, height, onLoad, print };
}
