import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { landingPageMessages } from '@app/shared';

// A static picture of the product for the hero, drawn with the app's own components.
const SEAT_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'grey'> = {
  A: 'success',
  O: 'error',
  R: 'warning',
  M: 'grey',
};
const SEATS = 'AAOAAROAAAOOARAAAOAAMAAOAARAAOAA'.split('').map((state) => SEAT_COLOURS[state] ?? 'grey');

function Tile({ label, value, tone }: { label: string; value: string; tone: 'primary' | 'secondary' | 'success' }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ color: `${tone}.main` }}>
        {value}
      </Typography>
    </Paper>
  );
}

const preview = landingPageMessages.preview;

export function ProductPreview() {
  return (
    <Paper
      aria-hidden
      elevation={0}
      sx={{
        p: 2.5,
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        boxShadow: (t) => `0 30px 60px -20px ${alpha(t.palette.primary.dark, 0.35)}`,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="subtitle2">{preview.title}</Typography>
        <Chip label={preview.live} color="success" size="small" />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
        <Tile label={preview.students} value="186" tone="primary" />
        <Tile label={preview.freeSeats} value="14" tone="success" />
        <Tile label={preview.fees} value={preview.feesValue} tone="secondary" />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {preview.area}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 0.75, mb: 2 }}>
        {SEATS.map((colour, index) => {
          return (
            <Box
              key={index}
              sx={{
                aspectRatio: '1',
                borderRadius: 1,
                bgcolor: (t) =>
                  colour === 'grey' ? t.palette.action.disabledBackground : alpha(t.palette[colour].main, 0.22),
                border: 1,
                borderColor: (t) => (colour === 'grey' ? t.palette.divider : alpha(t.palette[colour].main, 0.6)),
              }}
            />
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" variant="outlined" color="success" label={preview.available} />
        <Chip size="small" variant="outlined" color="error" label={preview.occupied} />
        <Chip size="small" variant="outlined" color="warning" label={preview.reserved} />
        <Chip size="small" variant="outlined" label={preview.maintenance} />
      </Stack>
    </Paper>
  );
}
