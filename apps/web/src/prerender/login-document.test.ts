// @vitest-environment node
// Emotion hands over its rules as text only outside a browser, as in the build.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { HIDE_ICON_TEMPLATE_ID } from './login-document-ids';
import { loginTexts, prerenderLogin } from './login-document';
import { LOGIN_FIELDS } from './login-validation';
import { RAISED_CLASS_ATTRIBUTE } from './merge-renders';
import { RIPPLE_TEMPLATE_ID } from './ripple';

describe('prerenderLogin', () => {
  const page = prerenderLogin();
  const root = new JSDOM(page.html).window.document;

  it("renders the /login route's title, texts and form, with what the page's script looks for", () => {
    expect(page.title).toBe(`${messages.login.title} · ${messages.app.name}`);
    expect(root.querySelector('h1')?.textContent).toBe(messages.login.title);
    const form = root.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    // The script knows the form's fields: the schema's, in the form's order.
    expect([...(form?.querySelectorAll('input') ?? [])].map((input) => input.name)).toEqual([...LOGIN_FIELDS]);
    for (const name of LOGIN_FIELDS) {
      const field = form?.querySelector(`#${name}`)?.closest('.MuiFormControl-root');
      expect(field?.querySelector(`label[${RAISED_CLASS_ATTRIBUTE}]`), name).not.toBeNull();
      expect(field?.querySelector('.MuiFormHelperText-root'), name).not.toBeNull();
    }
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe(messages.login.submit);
    expect(
      form?.querySelector(`.MuiInputAdornment-root button[aria-label="${messages.common.showPassword}"]`),
    ).not.toBeNull();
    expect(root.querySelector('section.Toastify')).not.toBeNull();
    expect(root.querySelector(`template#${HIDE_ICON_TEMPLATE_ID}`)).not.toBeNull();
    expect(root.querySelector(`template#${RIPPLE_TEMPLATE_ID}`)).not.toBeNull();
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/',
      '/forgot-password',
      '/register',
    ]);
  });

  it('carries both themes: the dark rules apply only under data-dark', () => {
    expect(page.css).toContain(':where(html[data-dark])');
    expect(page.css).toContain(':where(html:not([data-dark]))');
    expect(page.texts).toEqual(loginTexts());
    expect(page.texts.busy).toBe(messages.login.busy);
  });
});
