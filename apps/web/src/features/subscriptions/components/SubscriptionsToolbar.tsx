import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SUBSCRIPTION_FILTERS, subscriptionMessages } from '@app/shared';
import { SearchField } from '@/components/SearchField';
import type { SubscriptionFilter } from '../api/subscriptions-api';

const m = subscriptionMessages;
const ALL = 'all';

interface SubscriptionsToolbarProps {
  search: string;
  status: SubscriptionFilter | undefined;
  onSearch: (text: string) => void;
  onStatus: (status: SubscriptionFilter | undefined) => void;
}

/** The search box (student name or mobile, placeholder as the spec has it) and the status filter. */
export function SubscriptionsToolbar({ search, status, onSearch, onStatus }: SubscriptionsToolbarProps) {
  return (
    <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <SearchField
        value={search}
        onChange={onSearch}
        placeholder={m.searchPlaceholder}
        type="search"
        sx={{ flex: '1 1 240px', maxWidth: 360 }}
      />
      <TextField
        select
        size="small"
        label={m.filter.label}
        value={status ?? ALL}
        onChange={(event) =>
          onStatus(event.target.value === ALL ? undefined : (event.target.value as SubscriptionFilter))
        }
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        <MenuItem value={ALL}>{m.filter.all}</MenuItem>
        {SUBSCRIPTION_FILTERS.map((filter) => (
          <MenuItem key={filter} value={filter}>
            {m.filter[filter]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
