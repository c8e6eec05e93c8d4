// @vitest-environment node
// As the build renders the pages: without a browser page, emotion keeps the CSS for the <style> tag.
import { describe, expect, it } from 'vitest';
import { prerenderLanding } from './landing-document';
import { prerenderLogin } from './login-document';

const DARK_BACKGROUND = /\.dark\{[^}]*--mui-palette-background-default:#0d1220/;

describe.each([
  ['landing', async () => prerenderLanding()],
  ['sign-in', prerenderLogin],
])('the prerendered %s page', (_name, render) => {
  it('is one render whose CSS holds both colour schemes, the dark one under the class MUI sets', async () => {
    const { html, styleTag } = await render();
    const [, names = ''] = /^<style data-emotion="css ([^"]+)">/.exec(styleTag) ?? [];
    // Emotion's server format: every rule's name, so the browser's emotion adopts them.
    for (const name of new Set([...html.matchAll(/[" ]css-([\w-]+)/g)].map((match) => match[1]))) {
      expect(names.split(' ')).toContain(name);
    }
    expect(styleTag).toContain('--mui-palette-background-default:#f4f6fb');
    expect(styleTag).toMatch(DARK_BACKGROUND);
    // The page's markup is the same in both schemes: nothing in it names one.
    expect(html).not.toMatch(/\b(data-dark|data-raised-class)\b/);
  });
});
