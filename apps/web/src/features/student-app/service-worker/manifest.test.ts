// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { STUDENT_SCOPE } from './register';

const manifestFile = new URL('../../../../public/student/manifest.webmanifest', import.meta.url);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
};

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: URL): string {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the student app manifest', () => {
  it('installs the app scoped to /student/, standalone, named as the catalogue names it', () => {
    expect(manifest.name).toBe(text.appName);
    expect(manifest.start_url).toBe(STUDENT_SCOPE);
    expect(manifest.scope).toBe(STUDENT_SCOPE);
    expect(manifest.display).toBe('standalone');
  });

  it('has real PNG icons of 192 and 512 px, plain and maskable', () => {
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    expect(kinds).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      expect(pngSize(new URL(`../../../../public${icon.src}`, import.meta.url))).toBe(icon.sizes);
    }
  });
});
