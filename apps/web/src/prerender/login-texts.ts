import type { LoginValidationTexts } from './login-validation';

/**
 * The message catalogue's texts the prerendered sign-in page's script shows. The script does not
 * import the catalogue (all of it would come along, about 20 kB); the build writes these from it
 * into the page (`data-texts` on #root, see login-document and scripts/prerender.mjs).
 */
export interface LoginTexts extends LoginValidationTexts {
  submit: string;
  busy: string;
  showPassword: string;
  hidePassword: string;
  loggedIn: string;
  loginFailed: string;
}

export const TEXTS_ATTRIBUTE = 'data-texts';

const KEYS: readonly (keyof LoginTexts)[] = [
  'invalidEmail',
  'passwordMin',
  'submit',
  'busy',
  'showPassword',
  'hidePassword',
  'loggedIn',
  'loginFailed',
];

/** The texts written into `element`, or null when any is missing. */
export function readTexts(element: Element): LoginTexts | null {
  try {
    const value = JSON.parse(element.getAttribute(TEXTS_ATTRIBUTE) ?? '') as Record<string, unknown>;
    return KEYS.every((key) => typeof value[key] === 'string') ? (value as unknown as LoginTexts) : null;
  } catch {
    return null;
  }
}
