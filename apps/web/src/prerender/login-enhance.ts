import { STORAGE_KEYS } from '@app/shared';
import { env } from '@/config/env';
import { envelopeMessage, errorMessage, type ApiEnvelope } from '@/lib/api-errors';
import { writeFlash } from '@/lib/flash';
import { parseSession, readToken, writeSession } from '@/lib/session';
import { HIDE_ICON_TEMPLATE_ID } from './login-document-ids';
import { leaveIfSignedIn, SIGNED_IN_HOME } from './login-guard';
import { postJson } from './login-request';
import { readTexts, type LoginTexts } from './login-texts';
import { checkLogin, LOGIN_FIELDS, type LoginField } from './login-validation';
import { enhanceButtonBase, RIPPLE_TEMPLATE_ID } from './ripple';
import { autofillState, fieldInput, paintField } from './text-field';
import { showErrorToast } from './toaster';

/**
 * The prerendered sign-in page's behaviour, in plain DOM code so the page ships no React, MUI
 * or zod (docs/decisions.md, "Web performance"). It does what the React `/login` route does
 * (features/auth/components/LoginForm, SPEC.md §2, §5, §8):
 * - validation as react-hook-form runs it there: nothing before the first submit; on submit every
 *   field is checked (the shared `loginSchema`'s rules, login-validation.ts), the first field in
 *   error takes the focus; after that each field is checked again as it changes;
 * - the password's show/hide toggle, the labels, focus and error states of MUI's fields, the
 *   buttons' ripples;
 * - the submit button's busy state ("Signing In...") while the credentials go to the API;
 * - on success the session is stored as the app stores it, the app is asked to show the same
 *   success toast (lib/flash) and the dashboard opens; on failure the same error toast as the
 *   React form, with the server's message (or the network error's, or "Login failed");
 * - a signed-in admin (another tab, the back button) goes to the dashboard.
 */

/** The API's address as the app's API client builds it (lib/api-client). */
const apiBase = () => new URL(env.apiBase, window.location.origin).toString().replace(/\/+$/, '');

function enhance(form: HTMLFormElement, texts: LoginTexts) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const fields = new Map<LoginField, HTMLElement>();
  for (const name of LOGIN_FIELDS) {
    const field = form.querySelector(`#${name}`)?.closest<HTMLElement>('.MuiFormControl-root');
    if (field) fields.set(name, field);
  }
  const input = (name: LoginField) => {
    const field = fields.get(name);
    return field ? fieldInput(field) : null;
  };
  const values = () => ({ identifier: input('identifier')?.value ?? '', password: input('password')?.value ?? '' });

  // react-hook-form's state: whether the form was submitted once, and each field's error.
  let submitted = false;
  let busy = false;
  const errors = new Map<LoginField, string | null>();
  // MUI's InputBase state: whether the field holds a value (its last input, or the browser's autofill).
  const filled = new Map<LoginField, boolean>();
  for (const name of LOGIN_FIELDS) filled.set(name, (input(name)?.value ?? '') !== '');

  const paintAll = () => {
    for (const [name, field] of fields) {
      paintField(field, { filled: filled.get(name) ?? false, error: errors.get(name) ?? null });
    }
  };

  form.addEventListener('focusin', paintAll);
  form.addEventListener('focusout', () => window.setTimeout(paintAll));
  form.addEventListener('input', (event) => {
    const name = LOGIN_FIELDS.find((candidate) => input(candidate) === event.target);
    if (!name) return;
    filled.set(name, (event.target as HTMLInputElement).value !== '');
    // After the first submit, a field is checked again on every change (reValidateMode onChange).
    if (submitted) errors.set(name, checkLogin(values(), texts).errors?.[name] ?? null);
    paintAll();
  });
  form.addEventListener('animationstart', (event) => {
    const name = LOGIN_FIELDS.find((candidate) => input(candidate) === event.target);
    const state = autofillState(event);
    if (!name || state === null) return;
    filled.set(name, state);
    paintAll();
  });

  const setBusy = (next: boolean) => {
    busy = next;
    if (!submit) return;
    submit.disabled = next;
    submit.classList.toggle('Mui-disabled', next);
    submit.tabIndex = next ? -1 : 0;
    const label = [...submit.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
    if (label) label.textContent = next ? texts.busy : texts.submit;
  };

  const startSession = (response: ApiEnvelope) => {
    const session = response.status === true ? parseSession(response.data) : null;
    if (!session) {
      showErrorToast(envelopeMessage(response) ?? texts.loginFailed);
      return false;
    }
    writeSession(session);
    writeFlash({ message: texts.loggedIn, type: 'success' });
    window.location.replace(SIGNED_IN_HOME);
    return true;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    // react-hook-form counts the check as part of the submission: the button is busy (and so
    // drops its ripples) from the start, if only for a moment when the values are wrong.
    setBusy(true);
    const check = checkLogin(values(), texts);
    errors.clear();
    for (const name of LOGIN_FIELDS) errors.set(name, check.errors?.[name] ?? null);
    submitted = true;
    paintAll();
    if (!check.values) {
      setBusy(false);
      const first = LOGIN_FIELDS.find((name) => errors.get(name));
      if (first) input(first)?.focus();
      return;
    }
    let leaving = false;
    try {
      const result = await postJson(`${apiBase()}/auth/login`, check.values, readToken());
      if ('error' in result) showErrorToast(errorMessage(result.error, texts.loginFailed));
      else leaving = startSession(result.data as ApiEnvelope);
    } catch (error) {
      showErrorToast(errorMessage(error, texts.loginFailed));
    } finally {
      // The button stays busy while the dashboard loads, as the page is being left.
      if (!leaving) setBusy(false);
    }
  });

  // The password's show/hide toggle (components/PasswordField).
  const toggle = fields.get('password')?.querySelector<HTMLButtonElement>('.MuiInputAdornment-root button');
  const hideIcon = document.getElementById(HIDE_ICON_TEMPLATE_ID);
  const showIcon = toggle?.querySelector('svg');
  const hide = hideIcon instanceof HTMLTemplateElement ? hideIcon.content.querySelector('svg') : null;
  if (toggle && showIcon && hide) {
    let visible = false;
    // Keep the focus (and the caret) in the field while toggling.
    toggle.addEventListener('mousedown', (event) => event.preventDefault());
    toggle.addEventListener('click', () => {
      visible = !visible;
      const password = input('password');
      if (password) password.setAttribute('type', visible ? 'text' : 'password');
      toggle.setAttribute('aria-label', visible ? texts.hidePassword : texts.showPassword);
      toggle.querySelector('svg')?.replaceWith(visible ? hide : showIcon);
    });
  }

  const ripple = document.getElementById(RIPPLE_TEMPLATE_ID);
  if (ripple instanceof HTMLTemplateElement) {
    for (const button of form.querySelectorAll<HTMLButtonElement>('button.MuiButtonBase-root')) {
      enhanceButtonBase(button, ripple);
    }
  }

  paintAll();
}

const root = document.getElementById('root');
const form = root?.querySelector('form');
const texts = root ? readTexts(root) : null;
if (form && texts) enhance(form, texts);

// Signed in meanwhile, in another tab or before coming back to this page: go to the dashboard,
// as the app's session sync and the route's guard do.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEYS.admin || event.key === null) leaveIfSignedIn();
});
window.addEventListener('pageshow', (event) => {
  if (event.persisted) leaveIfSignedIn();
});
