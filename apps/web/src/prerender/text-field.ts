import { RAISED_CLASS_ATTRIBUTE } from './merge-renders';

/**
 * MUI text fields on a prerendered page, in plain DOM code: each element of a field carries its
 * resting classes and, where they differ, its raised-label classes (`data-raised-class`, see
 * merge-renders); the state classes (`Mui-focused`, `Mui-error`, ...) are MUI's own.
 */

const FOCUSED = 'Mui-focused';
const ERROR = 'Mui-error';
const RESTING_CLASS_ATTRIBUTE = 'data-resting-class';

function swapClasses(element: Element, raised: boolean) {
  const raisedClass = element.getAttribute(RAISED_CLASS_ATTRIBUTE);
  if (raisedClass === null) return;
  if (!element.hasAttribute(RESTING_CLASS_ATTRIBUTE)) {
    element.setAttribute(RESTING_CLASS_ATTRIBUTE, element.getAttribute('class') ?? '');
  }
  // The state classes are kept across the swap; the script sets them right after.
  const state = [...element.classList].filter((name) => name.startsWith('Mui-') || name.endsWith('-filled'));
  element.setAttribute('class', raised ? raisedClass : (element.getAttribute(RESTING_CLASS_ATTRIBUTE) ?? ''));
  element.classList.add(...state);
}

export interface FieldState {
  /** Whether the field's last input (or the browser's autofill) left a value in it, as MUI's InputBase tracks it. */
  filled: boolean;
  /** The field's error message, or null when it has none (`undefined`: a field without validation). */
  error?: string | null;
}

/** The field's input (or the visible textarea of a multiline one). */
export function fieldInput(field: Element): HTMLInputElement | HTMLTextAreaElement | null {
  return field.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea:not([aria-hidden])');
}

/**
 * Paints a text field as MUI does: label raised and outline notched while focused or filled,
 * `Mui-focused` on its label, box and helper line while its input has the focus, and when
 * `error` is given, `Mui-error` and the message in the helper line (a zero-width space when none,
 * as MUI keeps the line's height).
 */
export function paintField(field: HTMLElement, { filled, error }: FieldState) {
  const input = fieldInput(field);
  if (!input) return;
  const focused = document.activeElement === input;
  for (const element of field.querySelectorAll(`[${RAISED_CLASS_ATTRIBUTE}]`)) swapClasses(element, focused || filled);
  const label = field.querySelector('label');
  const box = field.querySelector('.MuiInputBase-root');
  const helper = field.querySelector<HTMLElement>('.MuiFormHelperText-root');
  label?.setAttribute('data-shrink', String(focused || filled));
  label?.classList.toggle('MuiFormLabel-filled', filled);
  helper?.classList.toggle('MuiFormHelperText-filled', filled);
  for (const element of [label, box, helper]) element?.classList.toggle(FOCUSED, focused);
  if (error === undefined) return;
  for (const element of [label, box, helper]) element?.classList.toggle(ERROR, error !== null);
  input.setAttribute('aria-invalid', String(error !== null));
  if (helper && helper.textContent !== (error ?? '\u200b')) {
    if (error !== null) {
      helper.textContent = error;
    } else {
      const blank = document.createElement('span');
      blank.className = 'notranslate';
      blank.setAttribute('aria-hidden', 'true');
      blank.textContent = '\u200b';
      helper.replaceChildren(blank);
    }
  }
}

/**
 * Whether an `animationstart` on an input means the browser autofilled it (true) or cleared
 * its autofill (the input's own value then), as MUI's InputBase reads its `mui-auto-fill` animations;
 * null for any other animation.
 */
export function autofillState(event: AnimationEvent): boolean | null {
  const input = event.target as HTMLInputElement;
  if (event.animationName === 'mui-auto-fill') return true;
  if (event.animationName === 'mui-auto-fill-cancel') return input.value !== '';
  return null;
}
