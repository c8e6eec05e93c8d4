import Typography from '@mui/material/Typography';

/** What an empty dashboard panel says instead of its rows. */
export function EmptyNote({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
