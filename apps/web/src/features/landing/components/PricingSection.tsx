import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { Link as RouterLink } from 'react-router';
import { landingPageMessages, coreMessages } from '@app/shared';
import { plans, type Plan } from '../content';
import { LandingSection } from './LandingSection';

const copy = landingPageMessages.pricing;

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        ...(plan.highlighted && { borderColor: 'primary.main', borderWidth: 2, boxShadow: 6 }),
      }}
    >
      {plan.highlighted && (
        <Chip
          label={copy.mostPopular}
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)' }}
        />
      )}
      <CardContent sx={{ p: 4, flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Typography variant="h6" component="h3">
          {plan.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: 40 }}>
          {plan.blurb}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mb: 3 }}>
          <Typography variant="h3" component="p">
            {plan.price}
          </Typography>
          <Typography color="text.secondary">{plan.period}</Typography>
        </Box>
        <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, flex: 1 }}>
          {plan.features.map((line) => (
            <Stack key={line} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CheckRounded fontSize="small" color="secondary" />
              <Typography variant="body2">{line}</Typography>
            </Stack>
          ))}
        </Stack>
        <Button
          component={RouterLink}
          to="/login"
          variant={plan.highlighted ? 'contained' : 'outlined'}
          size="large"
          fullWidth
        >
          {coreMessages.landing.startFreeTrial}
        </Button>
      </CardContent>
    </Card>
  );
}

export function PricingSection() {
  return (
    <LandingSection
      id="pricing"
      eyebrow={copy.eyebrow}
      title={copy.title}
      text={copy.text}
      sx={{ bgcolor: 'background.paper', borderBlock: 1, borderColor: 'divider' }}
    >
      <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
        {plans().map((plan) => (
          <Grid key={plan.name} size={{ xs: 12, md: 4 }}>
            <PlanCard plan={plan} />
          </Grid>
        ))}
      </Grid>
    </LandingSection>
  );
}
