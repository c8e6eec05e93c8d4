import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a lazy dialog) from the first time `open` is true, and keeps it rendered
 * afterwards so that its closing transition plays. Until then nothing of it is loaded: a dialog's
 * code and its form's come with the click that opens it, not with the screen's first paint
 * (issue 18). While the chunk loads, nothing shows (the click's own feedback is the button's ripple).
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
