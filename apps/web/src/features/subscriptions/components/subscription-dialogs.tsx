import type { ComponentProps } from 'react';
import { AddSubscriptionDialog as AddDialog } from './AddSubscriptionDialog';
import { RenewSubscriptionDialog as RenewDialog } from './RenewSubscriptionDialog';
import { UpdateSubscriptionDialog as UpdateDialog } from './UpdateSubscriptionDialog';
import { DatePickersProvider } from '@/components/DatePickersProvider';

/**
 * The subscriptions screen's own dialogs with the date pickers' provider: one lazy chunk, which the
 * page loads when one of them is first opened (issue 18), so the list's first paint carries neither
 * their forms nor MUI X's pickers.
 */
export function AddSubscriptionDialog(props: ComponentProps<typeof AddDialog>) {
  return (
    <DatePickersProvider>
      <AddDialog {...props} />
    </DatePickersProvider>
  );
}

export function UpdateSubscriptionDialog(props: ComponentProps<typeof UpdateDialog>) {
  return (
    <DatePickersProvider>
      <UpdateDialog {...props} />
    </DatePickersProvider>
  );
}

export function RenewSubscriptionDialog(props: ComponentProps<typeof RenewDialog>) {
  return (
    <DatePickersProvider>
      <RenewDialog {...props} />
    </DatePickersProvider>
  );
}
