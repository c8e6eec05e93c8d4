import type { ComponentProps } from 'react';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AddSubscriptionDialog as AddDialog } from './AddSubscriptionDialog';
import { RenewSubscriptionDialog as RenewDialog } from './RenewSubscriptionDialog';
import { UpdateSubscriptionDialog as UpdateDialog } from './UpdateSubscriptionDialog';

/**
 * The subscriptions screen's own dialogs with the date pickers' provider: one lazy chunk, which the
 * page loads when one of them is first opened (issue 18), so the list's first paint carries neither
 * their forms nor MUI X's pickers.
 */
export function AddSubscriptionDialog(props: ComponentProps<typeof AddDialog>) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <AddDialog {...props} />
    </LocalizationProvider>
  );
}

export function UpdateSubscriptionDialog(props: ComponentProps<typeof UpdateDialog>) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <UpdateDialog {...props} />
    </LocalizationProvider>
  );
}

export function RenewSubscriptionDialog(props: ComponentProps<typeof RenewDialog>) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <RenewDialog {...props} />
    </LocalizationProvider>
  );
}
