import { useCallback, useState, type ComponentType } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddRounded from '@mui/icons-material/AddRounded';
import { type Subscription, todayIn, subscriptionMessages } from '@app/shared';
import { ListPaper } from '@/components/ListPaper';
import { ListSpinner, RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { lazyDialog } from '@/components/lazy-dialog';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { PageHeading } from '@/components/PageHeading';
import { useSubscriptionList } from '../hooks/use-subscription-list';
import { SubscriptionsTable } from './SubscriptionsTable';
import { studentName } from './row-format';
import { SubscriptionsToolbar } from './SubscriptionsToolbar';
import { useCan } from '@/lib/use-can';

const m = subscriptionMessages;

// Loaded when first opened (issue 18): their forms, schemas and the date and time pickers are not the list's.
const AddSubscriptionDialog = lazyDialog(() => import('./subscription-dialogs').then((d) => d.AddSubscriptionDialog));
const UpdateSubscriptionDialog = lazyDialog(() =>
  import('./subscription-dialogs').then((d) => d.UpdateSubscriptionDialog),
);
const RenewSubscriptionDialog = lazyDialog(() =>
  import('./subscription-dialogs').then((d) => d.RenewSubscriptionDialog),
);

/**
 * The payments feature's dialogs, handed in by the app (features do not import each other):
 * Record Payment from a row with something due, and the account from its balance.
 */
export interface PaymentDialogs {
  RecordPayment: ComponentType<{
    open: boolean;
    subscriptionId: string;
    studentName: string;
    balance: number;
    onClose(): void;
    onRecorded(): void;
  }>;
  Account: ComponentType<{ open: boolean; subscriptionId: string; studentName: string; onClose(): void }>;
}

interface DialogState {
  /** The dialog last opened; it stays mounted while it closes, so it can animate out. */
  kind: 'add' | 'update' | 'renew' | 'payment' | 'account' | null;
  open: boolean;
  subscription?: Subscription;
  /** Remounts the dialog for every opening, so each starts from fresh values and a fresh Idempotency-Key. */
  opening: number;
}

/** Subscription Management (SPEC.md §2): who studies when, on which seat, until when, and what is still due. */
export function SubscriptionsPage({ payments }: { payments?: PaymentDialogs } = {}) {
  const list = useSubscriptionList();
  const timeZone = useLibraryTimeZone();
  // Issue 16: changing a subscription is the manager's and the owner's; the desk creates and renews.
  const mayEdit = useCan('manage');
  const [dialog, setDialog] = useState<DialogState>({ kind: null, open: false, opening: 0 });

  const open = (kind: DialogState['kind'], subscription?: Subscription) =>
    setDialog((state) => ({ kind, open: true, subscription, opening: state.opening + 1 }));
  const close = useCallback(() => setDialog((state) => ({ ...state, open: false })), []);

  const { isLoading, isError, isFetching, refetch } = list.query;

  return (
    <>
      <Stack spacing={3}>
        <PageHeading title={m.heading}>
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => open('add')}>
            {m.addSubscription}
          </Button>
        </PageHeading>

        <ListPaper failed={isError} onRefresh={() => void refetch()}>
          <SubscriptionsToolbar
            search={list.search}
            status={list.status}
            onSearch={list.setSearch}
            onStatus={list.setStatus}
          />
          <RefetchBar active={isFetching && !isLoading} />
          {isLoading ? (
            <ListSpinner />
          ) : (
            <>
              <SubscriptionsTable
                subscriptions={list.subscriptions}
                firstNumber={(list.page - 1) * list.limit + 1}
                sort={list.sort}
                today={todayIn(timeZone)}
                timeZone={timeZone}
                emptyText={m.empty}
                onSort={list.toggleSort}
                onEdit={mayEdit ? (subscription) => open('update', subscription) : undefined}
                onRenew={(subscription) => open('renew', subscription)}
                onRecordPayment={payments ? (subscription) => open('payment', subscription) : undefined}
                onShowAccount={payments ? (subscription) => open('account', subscription) : undefined}
              />
              <TablePagingFooter paging={list} />
            </>
          )}
        </ListPaper>
      </Stack>

      {dialog.kind === 'add' ? <AddSubscriptionDialog key={dialog.opening} open={dialog.open} onClose={close} /> : null}
      {dialog.kind === 'update' ? (
        <UpdateSubscriptionDialog
          key={dialog.opening}
          open={dialog.open}
          subscriptionId={dialog.subscription?.id}
          onClose={close}
        />
      ) : null}
      {dialog.kind === 'renew' ? (
        <RenewSubscriptionDialog
          key={dialog.opening}
          open={dialog.open}
          subscription={dialog.subscription}
          onClose={close}
        />
      ) : null}
      {payments && dialog.subscription && dialog.kind === 'payment' ? (
        <payments.RecordPayment
          key={dialog.opening}
          open={dialog.open}
          subscriptionId={dialog.subscription.id}
          studentName={studentName(dialog.subscription)}
          balance={dialog.subscription.balance}
          onClose={close}
          onRecorded={close}
        />
      ) : null}
      {payments && dialog.subscription && dialog.kind === 'account' ? (
        <payments.Account
          key={dialog.opening}
          open={dialog.open}
          subscriptionId={dialog.subscription.id}
          studentName={studentName(dialog.subscription)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
