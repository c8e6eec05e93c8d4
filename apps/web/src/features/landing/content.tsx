import type { ReactElement } from 'react';
import AssessmentRounded from '@mui/icons-material/AssessmentRounded';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import CurrencyRupeeRounded from '@mui/icons-material/CurrencyRupeeRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import MapRounded from '@mui/icons-material/MapRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import { landingPageMessages } from '@app/shared';

// What the public page shows. Its texts are the landingPage catalogue's, read when the page renders
// (functions, not constants, so the page shows the current language); the figures are static on
// purpose (SPEC.md §1).

const copy = landingPageMessages;

const SECTION_IDS = ['features', 'pricing', 'support', 'contact'] as const;

export function sections() {
  return SECTION_IDS.map((id) => ({ id, label: copy.nav[id] }));
}

export interface Feature {
  title: string;
  text: string;
  icon: ReactElement;
}

const FEATURE_ICONS = {
  students: <PeopleAltRounded />,
  areas: <MapRounded />,
  seats: <EventSeatRounded />,
  subscriptions: <CardMembershipRounded />,
  fees: <CurrencyRupeeRounded />,
  attendance: <EventAvailableRounded />,
  reports: <AssessmentRounded />,
  notifications: <NotificationsActiveRounded />,
  mobile: <PhoneIphoneRounded />,
} as const;

export function features(): Feature[] {
  return (Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map((key) => ({
    title: copy.features[key].title,
    text: copy.features[key].text,
    icon: FEATURE_ICONS[key],
  }));
}

export function stats() {
  return [
    { value: '500+', label: copy.stats.libraries },
    { value: '50,000+', label: copy.stats.students },
    { value: '99.9%', label: copy.stats.uptime },
    { value: '120+', label: copy.stats.cities },
  ];
}

export interface Plan {
  name: string;
  price: string;
  period: string;
  blurb: string;
  features: string[];
  highlighted?: boolean;
}

const PLAN_PRICES = { starter: '₹499', growth: '₹999', pro: '₹1,999' } as const;

export function plans(): Plan[] {
  return (Object.keys(PLAN_PRICES) as (keyof typeof PLAN_PRICES)[]).map((key) => ({
    name: copy.pricing[key].name,
    price: PLAN_PRICES[key],
    period: copy.pricing.perMonth,
    blurb: copy.pricing[key].blurb,
    features: Object.values(copy.pricing[key].features),
    highlighted: key === 'growth',
  }));
}

const FAQ_KEYS = ['trial', 'sharing', 'aadhaar', 'modes', 'plan'] as const;

export function faqs() {
  return FAQ_KEYS.map((key) => ({ question: copy.support.faqs[key].question, answer: copy.support.faqs[key].answer }));
}

export const SUPPORT = {
  email: 'support@studylibrary.in',
  phone: '+91 80 4567 8900',
  get hours() {
    return copy.support.hours;
  },
};
