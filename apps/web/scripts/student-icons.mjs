// Draws the student app's PNG icons (public/student/icons) from the app's book mark, the same
// drawing as public/favicon.svg. Run it after changing the drawing: `node apps/web/scripts/student-icons.mjs`.
// - icon-192/512: the rounded tile, as the browser shows it ("any");
// - maskable-192/512: full-bleed colour with the book inside the central 80% the launcher keeps;
// - badge-96: the book alone in white on transparent, for Android's status bar (alpha only).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/student/icons');
const BOOK =
  '<path d="M14 20c6-3 12-3 18 1v26c-6-4-12-4-18-1z" fill="LEFT"/><path d="M50 20c-6-3-12-3-18 1v26c6-4 12-4 18-1z" fill="RIGHT"/>';
const book = (left, right) => BOOK.replace('LEFT', left).replace('RIGHT', right);

const drawings = {
  icon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3949ab"/>${book('#fff', '#c5cae9')}</svg>`,
  // The book scaled to 62% about the centre: well inside the maskable safe zone (a circle of 80%).
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3949ab"/><g transform="translate(32 33.5) scale(0.62) translate(-32 -33.5)">${book('#fff', '#c5cae9')}</g></svg>`,
  badge: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="8 8 48 48">${book('#fff', '#fff')}</svg>`,
};

const icons = [
  ['icon-192.png', 'icon', 192],
  ['icon-512.png', 'icon', 512],
  ['maskable-192.png', 'maskable', 192],
  ['maskable-512.png', 'maskable', 512],
  ['badge-96.png', 'badge', 96],
];

fs.mkdirSync(out, { recursive: true });
for (const [file, drawing, size] of icons) {
  await sharp(Buffer.from(drawings[drawing]), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  process.stdout.write(`${file} ${size}x${size}\n`);
}
