import { describe, expect, it } from 'vitest';
import { mergeRenders, scopeRules, scopeSelector, type PageRender } from './merge-renders';

describe('scopeSelector', () => {
  it('keys a selector on the dark attribute of <html>, without changing its specificity', () => {
    expect(scopeSelector('.css-a:hover', 'dark')).toBe(':where(html[data-dark]) .css-a:hover');
    expect(scopeSelector('body', 'light')).toBe(':where(html:not([data-dark])) body');
    expect(scopeSelector('html', 'dark')).toBe('html:where([data-dark])');
    expect(scopeSelector(':root .x', 'light')).toBe(':root:where(:not([data-dark])) .x');
    expect(scopeSelector('htmlish', 'dark')).toBe(':where(html[data-dark]) htmlish');
  });
});

describe('scopeRules', () => {
  it('rewrites every selector of a list, inside media queries too, and leaves keyframes alone', () => {
    const css =
      '.a,.b>p{color:red;}@media (min-width:600px){.a{content:"}{";}}@keyframes k{0%{opacity:0;}100%{opacity:1;}}';
    expect(scopeRules(css, 'dark')).toBe(
      ':where(html[data-dark]) .a,:where(html[data-dark]) .b>p{color:red;}' +
        '@media (min-width:600px){:where(html[data-dark]) .a{content:"}{";}}' +
        '@keyframes k{0%{opacity:0;}100%{opacity:1;}}',
    );
  });
  it('keeps commas inside :is() and attribute selectors', () => {
    expect(scopeRules('.a:is(.b,.c)[x="1,2"]{top:0;}', 'light')).toBe(
      ':where(html:not([data-dark])) .a:is(.b,.c)[x="1,2"]{top:0;}',
    );
  });
});

const render = (html: string, styles: [string, string][]): PageRender => ({ html, styles });

describe('mergeRenders', () => {
  const light = render('<div class="Mui css-l1"><p class="css-same">Hi</p></div>', [
    ['l1', '.css-l1{color:black;}'],
    ['same', '.css-same{margin:0;}'],
  ]);
  const dark = render('<div class="Mui css-d1" style="--Paper-overlay:x"><p class="css-same">Hi</p></div>', [
    ['d1', '.css-d1{color:white;}'],
    ['same', '.css-same{margin:0;}'],
  ]);

  it("gives each element both themes' classes and scopes only the rules that differ", () => {
    const { html, css } = mergeRenders({ light, dark, raisedLight: light, raisedDark: dark });
    expect(html).toBe('<div class="Mui css-l1 css-d1" style="--Paper-overlay:x"><p class="css-same">Hi</p></div>');
    expect(css).toBe(
      ':where(html:not([data-dark])) .css-l1{color:black;}.css-same{margin:0;}:where(html[data-dark]) .css-d1{color:white;}',
    );
  });

  it('records the raised-label classes where they differ', () => {
    const raised = (r: PageRender, extra: string) =>
      render(r.html.replace('<p class="css-same"', `<p class="css-same ${extra}"`), [
        ...r.styles,
        [extra.slice(4), ''],
      ]);
    const { html } = mergeRenders({
      light,
      dark,
      raisedLight: raised(light, 'css-up'),
      raisedDark: raised(dark, 'css-up'),
    });
    expect(html).toContain('<p class="css-same" data-raised-class="css-same css-up">');
  });

  it('refuses renders that differ in anything but classes and theme-only custom properties', () => {
    const other = render(dark.html.replace('Hi', 'Hello'), dark.styles);
    expect(() => mergeRenders({ light, dark: other, raisedLight: light, raisedDark: other })).toThrow(/differ/);
    const styled = render(dark.html.replace('--Paper-overlay:x', 'color:red'), dark.styles);
    expect(() => mergeRenders({ light, dark: styled, raisedLight: light, raisedDark: styled })).toThrow(
      /inline styles differ/,
    );
  });
});
