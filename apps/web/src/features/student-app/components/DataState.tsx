import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { intlLocale, studentAppMessages as text } from '@app/shared';
import type { StudentData } from '../hooks/use-student-data';

/** When saved data was saved, as the phone's clock reads it. */
export function formatSavedAt(savedAt: number): string {
  return new Date(savedAt).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A student call's states around a screen: skeletons while the first answer comes, the failure
 * with Try again when there is nothing saved, and "Showing what was saved on ..." over saved data.
 */
export function DataState<T>({ state, children }: { state: StudentData<T>; children: (data: T) => ReactNode }) {
  if (state.data === undefined) {
    if (state.loading) {
      return (
        <Stack spacing={2} aria-busy="true" aria-label={text.loading}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={90} />
        </Stack>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={state.reload}>
            {text.retry}
          </Button>
        }
      >
        {state.error ?? text.fetchFailed}
      </Alert>
    );
  }
  return (
    <>
      {state.savedAt !== undefined && (
        <Alert
          severity="warning"
          sx={{ mb: 2, '& .MuiAlert-action .MuiButton-root': { whiteSpace: 'nowrap' } }}
          action={
            <Button color="inherit" size="small" onClick={state.reload} disabled={state.loading}>
              {text.retry}
            </Button>
          }
        >
          {text.asOf(formatSavedAt(state.savedAt))}
        </Alert>
      )}
      {children(state.data)}
    </>
  );
}
