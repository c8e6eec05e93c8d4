import sharp from 'sharp';
import type { DemoPerson } from './people';

const COLOURS = [
  '#3949ab',
  '#00897b',
  '#c2185b',
  '#6d4c41',
  '#5e35b1',
  '#f4511e',
  '#1e88e5',
  '#43a047',
  '#8e24aa',
  '#546e7a',
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function colourOf(person: DemoPerson): string {
  const hash = [...person.mobile].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7);
  return COLOURS[Math.abs(hash) % COLOURS.length]!;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** A profile photo stand-in: the student's initials on their own colour. */
export function avatar(person: DemoPerson): Promise<Buffer> {
  const initials = `${person.firstName[0]}${person.lastName[0]}`;
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="${colourOf(person)}"/>
    <circle cx="128" cy="300" r="120" fill="#ffffff" fill-opacity="0.16"/>
    <text x="128" y="118" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="#ffffff"
      text-anchor="middle" dominant-baseline="central">${escapeXml(initials)}</text>
  </svg>`);
}

/**
 * The two sides of an identity card, plainly marked as demo documents (nothing
 * resembling a real card): name, birthday and the masked number on the front.
 */
export function identityCard(person: DemoPerson, side: 'front' | 'back'): Promise<Buffer> {
  const colour = colourOf(person);
  const lines =
    side === 'front'
      ? [`${person.firstName} ${person.lastName}`, `DOB ${person.dob}`, `XXXX XXXX ${person.aadhaar.slice(-4)}`]
      : ['Address on file with the library', 'Demo data: not a real document'];
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${150 + index * 46}" font-family="DejaVu Sans, sans-serif" font-size="${index === 0 ? 30 : 24}" fill="#1a2035">${escapeXml(line)}</text>`,
    )
    .join('');
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#f4f6fb"/>
    <rect width="640" height="84" rx="24" fill="${colour}"/>
    <rect y="60" width="640" height="24" fill="${colour}"/>
    <text x="40" y="54" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="700" fill="#ffffff">DEMO IDENTITY CARD · ${side.toUpperCase()}</text>
    ${text}
  </svg>`);
}
