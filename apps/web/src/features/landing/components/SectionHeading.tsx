import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function SectionHeading({
  eyebrow,
  title,
  text,
  id,
}: {
  eyebrow: string;
  title: string;
  text: string;
  id: string;
}) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" color="secondary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
        {eyebrow}
      </Typography>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mt: 1, mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body1" sx={{ fontSize: '1.075rem' }}>
        {text}
      </Typography>
    </Box>
  );
}
