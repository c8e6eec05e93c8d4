import { DARK_MODE_ATTRIBUTE } from './landing-mode';

/** One server render of the page: its markup and the emotion rules it inserted, in insertion order. */
export interface PageRender {
  html: string;
  styles: [name: string, rules: string][];
}

export type Mode = 'light' | 'dark';

/**
 * The renders a static page is made of: the page as it first paints, in each theme, and the
 * same page with its text fields' labels raised (`raised`), whose classes the page's script
 * swaps in when a field is focused or filled.
 */
export interface PageRenders {
  light: PageRender;
  dark: PageRender;
  raisedLight: PageRender;
  raisedDark: PageRender;
}

/** The attribute carrying an element's classes for the raised-label state (see landing-enhance). */
export const RAISED_CLASS_ATTRIBUTE = 'data-raised-class';

// The raised render differs from the resting one in this attribute too; the script keeps it in step.
const SHRINK_ATTRIBUTE = / data-shrink="(?:true|false)"/g;
// React escapes `>` in attribute values, so a start tag ends at the first `>`.
const START_TAG = /<[a-zA-Z][^>]*>/g;
const MARK = '\u0000';

/** A render's markup with every start tag's class and style taken out and a numbered mark put after its name. */
interface Split {
  skeleton: string;
  classes: string[][];
  styles: string[];
}

function split(html: string): Split {
  const classes: string[][] = [];
  const styles: string[] = [];
  const skeleton = html.replace(START_TAG, (tag) => {
    const i = classes.length;
    classes.push((/ class="([^"]*)"/.exec(tag)?.[1] ?? '').split(/\s+/).filter(Boolean));
    styles.push(/ style="([^"]*)"/.exec(tag)?.[1] ?? '');
    const rest = tag.replace(/ class="[^"]*"/, '').replace(/ style="[^"]*"/, '');
    const name = /^<[a-zA-Z][\w-]*/.exec(rest)?.[0] ?? '<';
    return `${name}${MARK}${i}${MARK}${rest.slice(name.length)}`;
  });
  return { skeleton, classes, styles };
}

/** Where two renders differ outside class attributes (and MUI's theme-only custom properties), or null. */
function difference(a: Split, b: Split, ignoreShrink = false): string | null {
  const norm = (text: string) => (ignoreShrink ? text.replace(SHRINK_ATTRIBUTE, '') : text);
  const [x, y] = [norm(a.skeleton), norm(b.skeleton)];
  if (x === y) return null;
  let i = 0;
  while (x[i] === y[i]) i++;
  const show = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 80), i + 80).replaceAll(MARK, '|'));
  return `at ${i}: ${show(x)} against ${show(y)}`;
}

/**
 * The inline styles of both themes as one: MUI sets custom properties in some themes only
 * (a dark Paper's `--Paper-overlay`), which are harmless in the other; anything else must agree.
 */
function mergeStyles(a: string, b: string): string {
  if (a === b) return a;
  const declarations = (style: string) =>
    new Map(
      style
        .split(';')
        .filter((part) => part.includes(':'))
        .map((part) => [part.slice(0, part.indexOf(':')).trim(), part.slice(part.indexOf(':') + 1)] as const),
    );
  const merged = declarations(a);
  for (const [property, value] of declarations(b)) {
    const own = merged.get(property);
    if (own === undefined && property.startsWith('--')) merged.set(property, value);
    else if (own !== value) throw new Error(`The themes' inline styles differ: "${a}" against "${b}"`);
  }
  return [...merged].map(([property, value]) => `${property}:${value}`).join(';');
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...a, ...b.filter((name) => !a.includes(name))];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Makes one page out of the light and dark renders. The markup is identical but for emotion's
 * class names, so each element gets the classes of both renders; a rule whose class is used the
 * same way in both themes is emitted as is, the others only under the theme they belong to
 * (`:where()` keeps their specificity). Fails when the renders differ in anything else.
 */
export function mergeRenders({ light, dark, raisedLight, raisedDark }: PageRenders): { html: string; css: string } {
  const [l, d, rl, rd] = [light, dark, raisedLight, raisedDark].map((render) => split(render.html)) as [
    Split,
    Split,
    Split,
    Split,
  ];
  const themes = difference(l, d) ?? difference(rl, rd);
  if (themes) throw new Error(`The light and dark renders differ outside class attributes, ${themes}`);
  const states = difference(l, rl, true);
  if (states) throw new Error(`The raised-label render differs from the resting one outside classes, ${states}`);

  // A class is theme-dependent when, on some element, one theme has it and the other does not.
  const themeDependent = new Set<string>();
  const usedClasses = new Set<string>();
  for (const [a, b] of [
    [l, d],
    [rl, rd],
  ] as const) {
    a.classes.forEach((classes, i) => {
      const other = b.classes[i] ?? [];
      for (const name of classes) if (!other.includes(name)) themeDependent.add(name);
      for (const name of other) if (!classes.includes(name)) themeDependent.add(name);
      for (const name of [...classes, ...other]) usedClasses.add(name);
    });
  }

  const html = l.skeleton.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_match, at: string) => {
    const i = Number(at);
    const resting = union(l.classes[i] ?? [], d.classes[i] ?? []);
    const raised = union(rl.classes[i] ?? [], rd.classes[i] ?? []);
    const sameAsResting = raised.length === resting.length && raised.every((name) => resting.includes(name));
    const style = mergeStyles(l.styles[i] ?? '', d.styles[i] ?? '');
    return (
      (resting.length ? ` class="${escapeAttribute(resting.join(' '))}"` : '') +
      (style ? ` style="${style}"` : '') +
      (sameAsResting ? '' : ` ${RAISED_CLASS_ATTRIBUTE}="${escapeAttribute(raised.join(' '))}"`)
    );
  });

  const byMode: Record<Mode, Map<string, string>> = { light: new Map(), dark: new Map() };
  for (const [mode, render] of [
    ['light', light],
    ['light', raisedLight],
    ['dark', dark],
    ['dark', raisedDark],
  ] as const) {
    for (const [name, rules] of render.styles) if (!byMode[mode].has(name)) byMode[mode].set(name, rules);
  }

  const emitted = new Set<string>();
  const css: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const other = byMode[mode === 'light' ? 'dark' : 'light'];
    for (const [name, rules] of byMode[mode]) {
      const className = `css-${name}`;
      const shared = usedClasses.has(className)
        ? !themeDependent.has(className)
        : other.get(name) === rules || rules.startsWith('@keyframes');
      const key = shared ? name : `${mode}:${name}`;
      if (emitted.has(key)) continue;
      emitted.add(key);
      css.push(shared ? rules : scopeRules(rules, mode));
    }
  }
  return { html, css: css.join('') };
}

function closingBrace(css: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in CSS: ${css.slice(open, open + 80)}`);
}

function openingBrace(css: string, from: number): number {
  let quote: string | null = null;
  let parens = 0;
  for (let i = from; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') parens++;
    else if (char === ')') parens--;
    else if (char === '{' && parens === 0) return i;
  }
  return -1;
}

function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const char = prelude[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** `selector`, matching only while the page is painted in `mode`, with the same specificity. */
export function scopeSelector(selector: string, mode: Mode): string {
  const condition = mode === 'dark' ? `[${DARK_MODE_ATTRIBUTE}]` : `:not([${DARK_MODE_ATTRIBUTE}])`;
  const root = /^(html|:root)(?![\w-])/.exec(selector);
  if (root) return `${root[0]}:where(${condition})${selector.slice(root[0].length)}`;
  return `:where(html${condition}) ${selector}`;
}

/** Rewrites every style rule of stylis output `css` with `scopeSelector`; keyframes stay as they are. */
export function scopeRules(css: string, mode: Mode): string {
  let out = '';
  let at = 0;
  while (at < css.length) {
    const open = openingBrace(css, at);
    if (open < 0) {
      out += css.slice(at);
      break;
    }
    const close = closingBrace(css, open);
    const prelude = css.slice(at, open).trim();
    const body = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      const nested = /^@(media|supports|container|layer)\b/.test(prelude);
      out += `${prelude}{${nested ? scopeRules(body, mode) : body}}`;
    } else {
      out += `${splitSelectors(prelude)
        .map((selector) => scopeSelector(selector, mode))
        .join(',')}{${body}}`;
    }
    at = close + 1;
  }
  return out;
}
