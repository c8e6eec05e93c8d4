/**
 * The public page's marketing copy (SPEC.md §1, issue 20). A catalogue of its own, exported by name
 * from the package's entry point, so only the landing page's chunk carries it. The figures (prices,
 * counts) stay with the page; every sentence and label is here.
 */
import { defineMessages, msg } from '../i18n/catalogue';

export const landingPageMessages = defineMessages('landingPage', {
  documentTitle: msg('{{appName}} · Software for self-study libraries', (appName: string) => ({ appName })),
  nav: { features: 'Features', pricing: 'Pricing', support: 'Support', contact: 'Contact' },
  hero: {
    eyebrow: 'Software for self-study libraries',
    title: 'Run your study library without the registers.',
    text: msg(
      '{{appName}} keeps students, seats, subscriptions and fees in one place, so you spend less time on paperwork and more time growing your library.',
      (appName: string) => ({ appName }),
    ),
    seeFeatures: 'See features',
    trialNote: '14-day free trial · No credit card needed · Already a customer?',
  },
  preview: {
    title: 'Gyan Deep Library · Today',
    live: 'Live',
    students: 'Students',
    freeSeats: 'Free seats',
    fees: 'Fees',
    feesValue: '₹1.2L',
    area: 'Silent Hall A · 32 seats',
    available: 'Available',
    occupied: 'Occupied',
    reserved: 'Reserved',
    maintenance: 'Maintenance',
  },
  stats: {
    label: 'Key figures',
    libraries: 'libraries',
    students: 'students managed',
    uptime: 'uptime',
    cities: 'cities across India',
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything your library runs on',
    text: 'From the first enquiry to the monthly renewal, every part of running a self-study library is covered.',
    students: {
      title: 'Student management',
      text: 'Profiles, Aadhaar KYC and contact details for every member, searchable in seconds.',
    },
    areas: {
      title: 'Area management',
      text: 'Organise halls, floors and silent zones, each with its own capacity and status.',
    },
    seats: {
      title: 'Seat allocation',
      text: 'See every seat at a glance and reserve one for a student, or share the pool by time slot.',
    },
    subscriptions: {
      title: 'Subscription plans',
      text: 'Monthly plans with custom timings, renewals in one click and expiry tracking.',
    },
    fees: {
      title: 'Fee management',
      text: 'Record Cash, UPI, Card, bank transfer or cheque payments with a clean fee history.',
    },
    attendance: {
      title: 'Attendance tracking',
      text: 'Know who is in and when, so peak hours and empty seats never surprise you.',
    },
    reports: {
      title: 'Reports',
      text: 'Revenue, active subscriptions and seat occupancy for any period, ready for your accountant.',
    },
    notifications: {
      title: 'Notifications',
      text: 'Send announcements and fee reminders to all students, or to premium members only.',
    },
    mobile: {
      title: 'Mobile access',
      text: 'Runs in any browser on your phone, tablet or desk computer. Nothing to install.',
    },
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple plans in rupees',
    text: 'Pick the plan that fits your seats. Prices exclude GST. Every plan starts with a 14-day free trial.',
    mostPopular: 'Most popular',
    perMonth: '/month',
    starter: {
      name: 'Starter',
      blurb: 'For a single reading room getting organised.',
      features: {
        seats: 'Up to 50 seats',
        core: 'Students, seats and subscriptions',
        fees: 'Fee records and receipts',
        support: 'Email support',
      },
    },
    growth: {
      name: 'Growth',
      blurb: 'For busy libraries with several areas and shifts.',
      features: {
        seats: 'Up to 200 seats',
        everything: 'Everything in Starter',
        reports: 'Reports and dashboard',
        push: 'Push notifications',
        support: 'Phone and WhatsApp support',
      },
    },
    pro: {
      name: 'Pro',
      blurb: 'For large libraries that run all day, every day.',
      features: {
        seats: 'Unlimited seats',
        everything: 'Everything in Growth',
        targeting: 'Premium member targeting',
        onboarding: 'Priority onboarding',
        manager: 'Dedicated account manager',
      },
    },
  },
  support: {
    eyebrow: 'Support',
    title: 'Help when you need it',
    text: 'Our team sets up your areas and seats with you, and answers in Hindi or English.',
    talkTitle: 'Talk to a person',
    talkText:
      'Onboarding, data import from your registers, or a question about a fee: we reply within one business day, usually much sooner.',
    hours: 'Monday to Saturday, 9:00 am to 8:00 pm IST',
    faqs: {
      trial: {
        question: 'Is there a free trial?',
        answer: 'Yes. Every plan starts with a 14-day free trial with all features on. No card is needed to start.',
      },
      sharing: {
        question: 'Can students share a seat in different time slots?',
        answer:
          'Yes. Non-reserved subscriptions share the seat pool by time window, and the app checks availability before you confirm.',
      },
      aadhaar: {
        question: 'Is my students’ Aadhaar data safe?',
        answer:
          'Aadhaar numbers are stored encrypted and shown masked. Identity images are only visible to you, through short-lived links.',
      },
      modes: {
        question: 'Which payment modes can I record?',
        answer: 'Cash, UPI, Card, Bank Transfer and Cheque. Every fee is kept in a report you can search and export.',
      },
      plan: {
        question: 'Can I change my plan later?',
        answer: 'Any time. Upgrades apply immediately, and downgrades from the next billing month.',
      },
    },
  },
  contact: {
    eyebrow: 'Contact',
    title: 'Let’s talk about your library',
    text: 'Tell us how many seats you run and how you manage them today. We will show you the rest.',
  },
  footer: {
    tagline: 'Made in India for the owners of self-study libraries and reading rooms.',
    register: 'Register',
    copyright: msg('© {{year}} {{appName}}. All rights reserved.', (year: number, appName: string) => ({
      year,
      appName,
    })),
  },
});
