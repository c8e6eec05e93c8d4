import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { SxProps, Theme } from '@mui/material/styles';
import { SectionHeading } from './SectionHeading';

interface LandingSectionProps {
  /** The anchor the header's links jump to; the heading is `${id}-title`. */
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  width?: 'sm' | 'lg';
  /** Added to the section's spacing (a background, a border). */
  sx?: Record<string, unknown>;
  children: ReactNode;
}

/** One section of the landing page: an anchor below the sticky header, its heading, then its content. */
export function LandingSection({ id, eyebrow, title, text, width = 'lg', sx, children }: LandingSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64, ...sx } as SxProps<Theme>}
    >
      <Container maxWidth={width}>
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} text={text} />
        {children}
      </Container>
    </Box>
  );
}
