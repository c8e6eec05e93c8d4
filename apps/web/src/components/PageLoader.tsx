import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { coreMessages } from '@app/shared';

/** A centred spinner for whole-page waits (first load of a lazy screen). */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={coreMessages.common.loading} />
    </Box>
  );
}
