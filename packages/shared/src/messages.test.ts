import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { studentAppMessages } from './student/student-app.messages';
import { passwordResetMessages } from './auth/password-reset.messages';
import { privacyMessages } from './privacy/privacy.messages';
import { teamScreenMessages } from './team/team-screen.messages';

// Texts SPEC.md quotes, spelled exactly as the spec has them (including its quirks).
const SPEC_TEXTS = [
  'Invalid email address',
  'Password must be at least 6 characters long',
  'Library name is required',
  'Mobile number is required',
  'Owner Mobile number is required',
  'Enter a valid 10-digit mobile number',
  'Email address is required',
  'Owner Email address is required',
  'Enter a valid email address',
  'Owner name is required',
  'Password is required',
  'Password must be at least 8 characters long',
  'Name is required',
  'Email is required',
  'Phone is required',
  'Phone number must be 10 digits',
  'Title is required',
  'Body is required',
  'Logged in successfully!',
  'Login failed',
  'Profile updated successfully',
  'Error updating profile',
  'Notification sent successfully!',
  'Failed to send notification. Please try again.',
  'Authorization token missing',
  'Invalid or expired token',
  'Welcome Admin!',
  'Select Date Range',
  'Library Registration',
  'Library Information',
  'Contact Information',
  'Library Owner Details',
  'Sign In',
  'Signing In...',
  'Send Push Notification',
  'Send to premium users only',
  '404 Page Not Found',
  'Back to Home',
  'Something went wrong!',
  'REFRESH PAGE',
  'If the problem persists, please contact support.',
  'Start Free Trial',
  'Error fetching dashboard data',
  'Failed to fetch dashboard data',
];

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

describe('the message catalogue', () => {
  const catalogue = new Set(allStrings(messages));
  it.each(SPEC_TEXTS)('holds "%s" exactly', (text) => {
    expect(catalogue.has(text)).toBe(true);
  });
  it('has no empty text', () => {
    expect([...catalogue].filter((text) => text.trim() === '')).toEqual([]);
  });
  it('has no empty text in the catalogues of their own (student app, password reset, team screen, data rights) either', () => {
    expect(allStrings(studentAppMessages).filter((text) => text.trim() === '')).toEqual([]);
    expect(allStrings(passwordResetMessages).filter((text) => text.trim() === '')).toEqual([]);
    expect(allStrings(teamScreenMessages).filter((text) => text.trim() === '')).toEqual([]);
    expect(allStrings(privacyMessages).filter((text) => text.trim() === '')).toEqual([]);
  });
});
