import { verhoeffCheckDigit } from '@app/shared';
import type { Random } from './random';

const FIRST_NAMES = (
  'Aarav Aditi Aditya Akash Ananya Anika Arjun Aryan Bhavna Chetan Deepak Devika Dhruv Diya Farhan ' +
  'Gauri Harsh Ishaan Ishita Jaya Kabir Kavya Kiran Krishna Lakshmi Manav Meera Mohit Naina Neha ' +
  'Nikhil Nisha Pooja Pranav Priya Rahul Riya Rohan Sahil Sana Shreya Siddharth Simran Sneha Tanvi ' +
  'Tanya Uday Varun Vikram Zoya'
).split(' ');

const LAST_NAMES = (
  'Agarwal Bansal Chauhan Das Deshpande Gupta Iyer Jain Joshi Kapoor Khan Kulkarni Mehta Menon Mishra ' +
  'Nair Patel Pillai Rao Reddy Saxena Shah Sharma Singh Sinha Tiwari Verma Yadav'
).split(' ');

export interface DemoPerson {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  aadhaar: string;
  dob: string;
}

/**
 * `count` distinct students with valid mobiles, emails, Aadhaar numbers (Verhoeff) and birthdays
 * (born 1996 to 2010: a few are under 18, so a parent or guardian gives their consent).
 */
export function demoPeople(random: Random, count: number): DemoPerson[] {
  const people: DemoPerson[] = [];
  const names = new Set<string>();
  const mobiles = new Set<string>();
  while (people.length < count) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const mobile = `${random.int(6, 9)}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
    if (names.has(`${firstName} ${lastName}`) || mobiles.has(mobile)) continue;
    names.add(`${firstName} ${lastName}`);
    mobiles.add(mobile);
    const n = people.length + 1;
    // The serial keeps Aadhaar numbers unique; the check digit makes them valid.
    const body = `${random.int(2, 9)}${String(random.int(0, 9_999_999)).padStart(7, '0')}${String(n).padStart(3, '0')}`;
    people.push({
      firstName,
      lastName,
      mobile,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      aadhaar: body + String(verhoeffCheckDigit(body)),
      dob: `${random.int(1996, 2010)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    });
  }
  return people;
}
