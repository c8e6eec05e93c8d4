import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { settingsMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { ListSpinner } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useGetSettingsQuery } from '../api/settings-api';
import { SettingsForm } from './SettingsForm';

const m = settingsMessages;

/** Settings (issue 13): the library's UPI ID, dues windows, reminder template and price list. */
export function SettingsPage() {
  const query = useGetSettingsQuery();
  const { data, isLoading, isError, error, refetch } = query;
  const failure = isError ? errorMessage(error, m.fetchFailed) : undefined;
  useFailureToast(failure, error);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      <PageHeading title={m.title} subtitle={m.subtitle} />
      {isLoading ? (
        <ListSpinner />
      ) : failure || !data ? (
        <Paper>
          <ErrorScreen detail={failure} onRefresh={() => void refetch()} />
        </Paper>
      ) : (
        <SettingsForm settings={data} />
      )}
    </Stack>
  );
}
