import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { ErrorScreen } from './ErrorScreen';

/** A list screen's panel; when the list could not load, the error screen (with Refresh) in its place. */
export function ListPaper({
  failed,
  onRefresh,
  children,
}: {
  failed: boolean;
  onRefresh: () => void;
  children: ReactNode;
}) {
  return failed ? (
    <Paper>
      <ErrorScreen onRefresh={onRefresh} />
    </Paper>
  ) : (
    <Paper sx={{ overflow: 'hidden' }}>{children}</Paper>
  );
}
