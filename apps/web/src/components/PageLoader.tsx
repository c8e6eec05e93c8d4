import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { messages } from '@app/shared';

/** A centred spinner for whole-page waits (first load of a lazy screen). */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={messages.common.loading} />
    </Box>
  );
}
