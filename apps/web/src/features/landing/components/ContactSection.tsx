import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendRounded from '@mui/icons-material/SendRounded';
import { landingPageMessages, coreMessages } from '@app/shared';
import { LandingSection } from './LandingSection';

const m = coreMessages.landing;
const MESSAGE_MIN_ROWS = 4;
// Labels sit above the fields from the start: the prerendered page is one render of this form,
// which holds the CSS of one label position only (src/prerender).
const RAISED_LABEL = { inputLabel: { shrink: true } } as const;

/** What the contact form shows once sent (the prerendered landing page keeps a copy to show). */
export function ContactThanks() {
  return (
    <Alert severity="success" role="status">
      {m.contactThanks}
    </Alert>
  );
}

/** The contact form sends nothing (SPEC.md §1): it only thanks the visitor. */
export function ContactSection() {
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.currentTarget.reset();
    setSent(true);
  };

  return (
    <LandingSection
      id="contact"
      eyebrow={landingPageMessages.contact.eyebrow}
      title={landingPageMessages.contact.title}
      text={landingPageMessages.contact.text}
      width="sm"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box component="form" onSubmit={onSubmit} onChange={() => setSent(false)}>
            <Stack spacing={2.5}>
              <TextField name="name" label={m.contactName} required autoComplete="name" slotProps={RAISED_LABEL} />
              <TextField
                name="email"
                label={m.contactEmail}
                type="email"
                required
                autoComplete="email"
                slotProps={RAISED_LABEL}
              />
              <TextField
                name="message"
                label={m.contactMessage}
                required
                multiline
                minRows={MESSAGE_MIN_ROWS}
                // The prerendered page sizes the box from this before any script runs (src/prerender).
                slotProps={{ ...RAISED_LABEL, htmlInput: { 'data-min-rows': MESSAGE_MIN_ROWS } }}
              />
              {sent && <ContactThanks />}
              <Button type="submit" variant="contained" size="large" endIcon={<SendRounded />}>
                {m.contactSend}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </LandingSection>
  );
}
