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

// Marketing copy of the public page. The figures are static on purpose (SPEC.md §1).

export const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'support', label: 'Support' },
  { id: 'contact', label: 'Contact' },
] as const;

export interface Feature {
  title: string;
  text: string;
  icon: ReactElement;
}

export const FEATURES: Feature[] = [
  {
    title: 'Student management',
    text: 'Profiles, Aadhaar KYC and contact details for every member, searchable in seconds.',
    icon: <PeopleAltRounded />,
  },
  {
    title: 'Area management',
    text: 'Organise halls, floors and silent zones, each with its own capacity and status.',
    icon: <MapRounded />,
  },
  {
    title: 'Seat allocation',
    text: 'See every seat at a glance and reserve one for a student, or share the pool by time slot.',
    icon: <EventSeatRounded />,
  },
  {
    title: 'Subscription plans',
    text: 'Monthly plans with custom timings, renewals in one click and expiry tracking.',
    icon: <CardMembershipRounded />,
  },
  {
    title: 'Fee management',
    text: 'Record Cash, UPI, Card, bank transfer or cheque payments with a clean fee history.',
    icon: <CurrencyRupeeRounded />,
  },
  {
    title: 'Attendance tracking',
    text: 'Know who is in and when, so peak hours and empty seats never surprise you.',
    icon: <EventAvailableRounded />,
  },
  {
    title: 'Reports',
    text: 'Revenue, active subscriptions and seat occupancy for any period, ready for your accountant.',
    icon: <AssessmentRounded />,
  },
  {
    title: 'Notifications',
    text: 'Send announcements and fee reminders to all students, or to premium members only.',
    icon: <NotificationsActiveRounded />,
  },
  {
    title: 'Mobile access',
    text: 'Runs in any browser on your phone, tablet or desk computer. Nothing to install.',
    icon: <PhoneIphoneRounded />,
  },
];

export const STATS = [
  { value: '500+', label: 'libraries' },
  { value: '50,000+', label: 'students managed' },
  { value: '99.9%', label: 'uptime' },
  { value: '120+', label: 'cities across India' },
];

export interface Plan {
  name: string;
  price: string;
  period: string;
  blurb: string;
  features: string[];
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  {
    name: 'Starter',
    price: '₹499',
    period: '/month',
    blurb: 'For a single reading room getting organised.',
    features: ['Up to 50 seats', 'Students, seats and subscriptions', 'Fee records and receipts', 'Email support'],
  },
  {
    name: 'Growth',
    price: '₹999',
    period: '/month',
    blurb: 'For busy libraries with several areas and shifts.',
    features: [
      'Up to 200 seats',
      'Everything in Starter',
      'Reports and dashboard',
      'Push notifications',
      'Phone and WhatsApp support',
    ],
    highlighted: true,
  },
  {
    name: 'Pro',
    price: '₹1,999',
    period: '/month',
    blurb: 'For large libraries that run all day, every day.',
    features: [
      'Unlimited seats',
      'Everything in Growth',
      'Premium member targeting',
      'Priority onboarding',
      'Dedicated account manager',
    ],
  },
];

export const FAQS = [
  {
    question: 'Is there a free trial?',
    answer: 'Yes. Every plan starts with a 14-day free trial with all features on. No card is needed to start.',
  },
  {
    question: 'Can students share a seat in different time slots?',
    answer:
      'Yes. Non-reserved subscriptions share the seat pool by time window, and the app checks availability before you confirm.',
  },
  {
    question: 'Is my students’ Aadhaar data safe?',
    answer:
      'Aadhaar numbers are stored encrypted and shown masked. Identity images are only visible to you, through short-lived links.',
  },
  {
    question: 'Which payment modes can I record?',
    answer: 'Cash, UPI, Card, Bank Transfer and Cheque. Every fee is kept in a report you can search and export.',
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Any time. Upgrades apply immediately, and downgrades from the next billing month.',
  },
];

export const SUPPORT = {
  email: 'support@studylibrary.in',
  phone: '+91 80 4567 8900',
  hours: 'Monday to Saturday, 9:00 am to 8:00 pm IST',
};
