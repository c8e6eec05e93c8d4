import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import { landingPageMessages } from '@app/shared';
import { faqs, SUPPORT } from '../content';
import { LandingSection } from './LandingSection';

const copy = landingPageMessages.support;

export function SupportSection() {
  return (
    <LandingSection id="support" eyebrow={copy.eyebrow} title={copy.title} text={copy.text}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          {faqs().map((faq) => (
            <Accordion
              key={faq.question}
              disableGutters
              variant="outlined"
              sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreRounded />}>
                <Typography sx={{ fontWeight: 600 }}>{faq.question}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary">{faq.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 4 }}>
              <SupportAgentRounded color="primary" sx={{ fontSize: 40, mb: 1 }} />
              <Typography variant="h6" component="h3" gutterBottom>
                {copy.talkTitle}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {copy.talkText}
              </Typography>
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <EmailOutlined color="action" />
                  <Typography component="a" href={`mailto:${SUPPORT.email}`} sx={{ color: 'primary.main' }}>
                    {SUPPORT.email}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <PhoneOutlined color="action" />
                  <Typography>{SUPPORT.phone}</Typography>
                </Stack>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <AccessTimeRounded color="action" />
                  <Typography>{SUPPORT.hours}</Typography>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </LandingSection>
  );
}
