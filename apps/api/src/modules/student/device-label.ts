import { messages } from '@app/shared';

const m = messages.student;

// Order matters: a Chromium browser's User-Agent also names Chrome and Safari, Edge names Chrome.
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|OPiOS\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const PLATFORMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

const find = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * What the owner sees of a signed-in phone: "Chrome on Android", "Safari on iPhone", or
 * "Browser" when the User-Agent names no browser or platform we know. No parser library: a
 * label, not a fingerprint.
 */
export function deviceLabelFor(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = find(BROWSERS, text);
  const platform = find(PLATFORMS, text);
  return browser && platform ? m.deviceLabel(browser, platform) : m.deviceBrowser;
}
