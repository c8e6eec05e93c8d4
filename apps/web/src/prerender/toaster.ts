import { TOAST_OPTIONS } from '@/lib/toast-options';
import { DARK_MODE_ATTRIBUTE } from './landing-mode';

/**
 * The prerendered sign-in page's error toasts, in plain DOM code: the markup, classes, timing and
 * gestures of react-toastify 11 as the app's ToastContainer sets it up (lib/toast-options: top
 * right, newest on top, 5 s; react-toastify's defaults otherwise: bounce transition, progress bar,
 * pause on hover and while the window is not focused, a close button, swipe to dismiss on touch,
 * Alt+T to focus the first toast and Escape to resume). The page holds the container's
 * <section class="Toastify">, rendered by react-toastify itself at build time, and its stylesheet.
 */

const NS = 'Toastify';
const POSITION = TOAST_OPTIONS.position;
const COLLAPSE_MS = 300;
const DRAGGABLE_PERCENT = 80;
const ENTER = [`${NS}--animate`, `${NS}__bounce-enter--${POSITION}`];
const EXIT = ` ${NS}--animate ${NS}__bounce-exit--${POSITION}`;
const SVG = 'http://www.w3.org/2000/svg';
// react-toastify's error icon and close button.
const ERROR_ICON =
  'M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z';
const CLOSE_ICON =
  'M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z';

interface ActiveToast {
  node: HTMLDivElement;
  setRunning: (running: boolean) => void;
}

const active = new Set<ActiveToast>();
let nextId = 1;
let hotKeysBound = false;

type Theme = 'light' | 'dark';
const currentTheme = (): Theme => (document.documentElement.hasAttribute(DARK_MODE_ATTRIBUTE) ? 'dark' : 'light');

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An SVG icon with `attributes` in react-toastify's order and one path. */
function icon(attributes: Record<string, string>, path: Record<string, string>): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const shape = document.createElementNS(SVG, 'path');
  for (const [name, value] of Object.entries(path)) shape.setAttribute(name, value);
  svg.append(shape);
  return svg;
}

/** Every toast's theme classes follow the page's (a 'system' choice can change while one shows). */
function paintTheme(node: HTMLElement, theme: Theme) {
  for (const part of node.querySelectorAll<HTMLElement>('[class*="-theme--"], [class*="__close-button--"]')) {
    part.className = part.className.replace(/(theme|close-button)--(light|dark)/g, `$1--${theme}`);
  }
  node.className = node.className.replace(/theme--(light|dark)/, `theme--${theme}`);
}

function bindHotKeys(section: HTMLElement) {
  if (hotKeysBound) return;
  hotKeysBound = true;
  document.addEventListener('keydown', (event) => {
    if (event.altKey && event.code === 'KeyT') {
      section.querySelector<HTMLElement>('[tabIndex="0"]')?.focus();
      active.forEach((toast) => toast.setRunning(false));
    }
    if (event.key === 'Escape' && (document.activeElement === section || section.contains(document.activeElement))) {
      active.forEach((toast) => toast.setRunning(true));
    }
  });
  new MutationObserver(() => {
    const theme = currentTheme();
    for (const toast of active) paintTheme(toast.node, theme);
  }).observe(document.documentElement, { attributes: true, attributeFilter: [DARK_MODE_ATTRIBUTE] });
}

/** Shows `message` as an error toast, as `toast.error(message)` does in the app. */
export function showErrorToast(message: string): void {
  const section = document.querySelector<HTMLElement>(`section.${NS}`);
  if (!section) return;
  bindHotKeys(section);
  const theme = currentTheme();
  const type = 'error';

  let container = section.querySelector<HTMLDivElement>(`.${NS}__toast-container`);
  if (!container) {
    container = element('div', { tabindex: '-1', class: `${NS}__toast-container ${NS}__toast-container--${POSITION}` });
    section.append(container);
  }

  const progress = element('div', {
    role: 'progressbar',
    'aria-hidden': 'false',
    'aria-label': 'notification timer',
    'aria-valuemin': '0',
    'aria-valuemax': '100',
    class: `${NS}__progress-bar ${NS}__progress-bar--animated ${NS}__progress-bar-theme--${theme} ${NS}__progress-bar--${type}`,
  });
  progress.style.animationDuration = `${TOAST_OPTIONS.autoClose}ms`;
  progress.style.animationPlayState = 'paused';
  const close = element(
    'button',
    { class: `${NS}__close-button ${NS}__close-button--${theme}`, type: 'button', 'aria-label': 'close' },
    icon({ 'aria-hidden': 'true', viewBox: '0 0 14 16' }, { 'fill-rule': 'evenodd', d: CLOSE_ICON }),
  );
  const node = element(
    'div',
    {
      id: String(nextId++),
      tabindex: '0',
      'data-in': 'true',
      class: `${NS}__toast ${NS}__toast-theme--${theme} ${NS}__toast--${type}`,
      role: 'alert',
    },
    element(
      'div',
      { class: `${NS}__toast-icon ${NS}--animate-icon ${NS}__zoom-enter` },
      icon(
        { viewBox: '0 0 24 24', width: '100%', height: '100%', fill: `var(--toastify-icon-color-${type})` },
        { d: ERROR_ICON },
      ),
    ),
    message,
    close,
    element(
      'div',
      { class: `${NS}__progress-bar--wrp`, 'data-hidden': 'false' },
      element('div', {
        class: `${NS}__progress-bar--bg ${NS}__progress-bar-theme--${theme} ${NS}__progress-bar--${type}`,
      }),
      progress,
    ),
  );

  let isIn = true;
  let entering = true;
  const setRunning = (running: boolean) => {
    progress.style.animationPlayState = running ? 'running' : 'paused';
  };
  const toast: ActiveToast = { node, setRunning };
  const pause = () => setRunning(false);
  const play = () => setRunning(true);

  const remove = () => {
    active.delete(toast);
    window.removeEventListener('focus', play);
    window.removeEventListener('blur', pause);
    node.remove();
    if (container && !container.childElementCount) container.remove();
  };
  // react-toastify's collapseToast: the space the toast took closes smoothly once it has left.
  const collapse = () => {
    const { scrollHeight, style } = node;
    requestAnimationFrame(() => {
      style.minHeight = 'initial';
      style.height = `${scrollHeight}px`;
      style.transition = `all ${COLLAPSE_MS}ms`;
      requestAnimationFrame(() => {
        style.height = '0';
        style.padding = '0';
        style.margin = '0';
        window.setTimeout(remove, COLLAPSE_MS);
      });
    });
  };
  const closeToast = (withoutTransition = false) => {
    if (!isIn) return;
    isIn = false;
    node.setAttribute('data-in', 'false');
    node.removeAttribute('role');
    if (withoutTransition) {
      collapse();
      return;
    }
    const onExited = (event: AnimationEvent) => {
      if (event.target !== node) return;
      node.removeEventListener('animationend', onExited);
      collapse();
    };
    node.className += EXIT;
    node.addEventListener('animationend', onExited);
  };

  // Enter: bounce in, then start the timer (paused while the window has no focus).
  const onEntered = (event: AnimationEvent) => {
    if (event.target !== node || !entering) return;
    entering = false;
    play();
    if (isIn && event.type !== 'animationcancel') node.classList.remove(...ENTER);
  };
  node.classList.add(...ENTER);
  node.addEventListener('animationend', onEntered);
  node.addEventListener('animationcancel', onEntered);
  if (!document.hasFocus()) pause();
  window.addEventListener('focus', play);
  window.addEventListener('blur', pause);

  progress.addEventListener('animationend', () => {
    if (isIn) closeToast();
  });
  close.addEventListener('click', (event) => {
    event.stopPropagation();
    closeToast();
  });
  node.addEventListener('mouseenter', pause);
  node.addEventListener('mouseleave', play);

  // Swipe to dismiss, on touch screens only (react-toastify's `draggable: 'touch'`).
  let start = 0;
  let delta = 0;
  let removalDistance = 0;
  let dragging = false;
  let moved = false;
  const onMove = (event: PointerEvent) => {
    if (!dragging) return;
    moved = true;
    pause();
    delta = event.clientX - start;
    node.style.transform = `translate3d(${delta}px, var(--y),0)`;
    node.style.opacity = `${1 - Math.abs(delta / removalDistance)}`;
  };
  const onEnd = () => {
    document.removeEventListener('pointermove', onMove);
    document.removeEventListener('pointerup', onEnd);
    if (!dragging || !moved) return;
    dragging = false;
    if (Math.abs(delta) > removalDistance) {
      closeToast(true);
      return;
    }
    node.style.transition = 'transform 0.2s, opacity 0.2s';
    node.style.removeProperty('transform');
    node.style.removeProperty('opacity');
  };
  node.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    dragging = true;
    moved = false;
    delta = 0;
    start = event.clientX;
    removalDistance = node.offsetWidth * (DRAGGABLE_PERCENT / 100);
    node.style.transition = 'none';
    document.addEventListener('pointermove', onMove);
    document.addEventListener('pointerup', onEnd);
  });
  node.addEventListener('pointerup', (event) => {
    const { top, bottom, left, right } = node.getBoundingClientRect();
    const over = event.clientX >= left && event.clientX <= right && event.clientY >= top && event.clientY <= bottom;
    if (event.pointerType === 'mouse' && over) pause();
    else play();
  });

  active.add(toast);
  if (TOAST_OPTIONS.newestOnTop) container.prepend(node);
  else container.append(node);
}
