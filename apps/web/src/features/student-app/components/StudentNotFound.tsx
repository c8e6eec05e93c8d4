import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { studentAppMessages as text } from '@app/shared';
import { STUDENT_HOME } from '../service-worker/register';

export function StudentNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h5" component="h1">
        {text.notFound}
      </Typography>
      <Button component={RouterLink} to={STUDENT_HOME} variant="contained">
        {text.goHome}
      </Button>
    </Stack>
  );
}
