import Box from '@mui/material/Box';
import { ContactSection } from './ContactSection';
import { FeaturesSection } from './FeaturesSection';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';
import { StatsStrip } from './StatsStrip';
import { SupportSection } from './SupportSection';

/** The public page (SPEC.md §1) with the features, pricing, support and contact anchors. */
export function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <LandingHeader />
      <Box component="main">
        <Hero />
        <StatsStrip />
        <FeaturesSection />
        <PricingSection />
        <SupportSection />
        <ContactSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
