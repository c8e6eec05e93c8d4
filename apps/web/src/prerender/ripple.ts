/**
 * MUI's ButtonBase feedback on a prerendered page, in plain DOM code: the touch ripple (from the
 * pointer, or from the centre for an IconButton), the pulsating ripple and `Mui-focusVisible`
 * while the button has the keyboard focus, and the Space key's ripple, with MUI's timings. The
 * ripple markup and its emotion classes come from a <template> rendered by MUI's own TouchRipple
 * parts at build time (see login-document).
 */

/** The id of the <template> holding a ripple root with one ripple in it. */
export const RIPPLE_TEMPLATE_ID = 'touch-ripple';

const DURATION = 550;
const DELAY_RIPPLE = 80;
const VISIBLE = 'MuiTouchRipple-rippleVisible';
const RIPPLE_PULSATE = 'MuiTouchRipple-ripplePulsate';
const CHILD_LEAVING = 'MuiTouchRipple-childLeaving';
const CHILD_PULSATE = 'MuiTouchRipple-childPulsate';
const FOCUS_VISIBLE = 'Mui-focusVisible';

interface Ripple {
  node: HTMLElement;
  exiting: boolean;
}

interface Point {
  clientX?: number;
  clientY?: number;
  touches?: TouchList;
}

const isFocusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
};

/** Gives `button` (a MUI ButtonBase) its ripples; `template` is the prerendered ripple root. */
export function enhanceButtonBase(button: HTMLButtonElement, template: HTMLTemplateElement): void {
  const center = button.classList.contains('MuiIconButton-root');
  const ripples: Ripple[] = [];
  let root: HTMLElement | null = null;
  let mounted = false;
  let focusVisible = false;
  let ignoringMouseDown = false;
  let pendingTouch: (() => void) | null = null;
  let touchTimer = 0;

  // MUI mounts the ripple root on the first interaction and drops it while the button is disabled.
  const mountRoot = (): HTMLElement | null => {
    if (button.disabled) return null;
    if (!root || !button.contains(root)) {
      const fresh = template.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
      if (!fresh) return null;
      fresh.replaceChildren();
      root = fresh;
      mounted = true;
      ripples.length = 0;
      button.append(root);
    }
    return root;
  };

  const commit = (pulsate: boolean, x: number, y: number, size: number) => {
    const host = mountRoot();
    const model = template.content.firstElementChild?.firstElementChild;
    if (!host || !model) return;
    const node = model.cloneNode(true) as HTMLElement;
    node.classList.add(VISIBLE);
    node.classList.toggle(RIPPLE_PULSATE, pulsate);
    node.firstElementChild?.classList.toggle(CHILD_PULSATE, pulsate);
    Object.assign(node.style, {
      width: `${size}px`,
      height: `${size}px`,
      top: `${-(size / 2) + y}px`,
      left: `${-(size / 2) + x}px`,
    });
    // New ripples go before those still fading out, as MUI orders them.
    const firstExiting = ripples.find((ripple) => ripple.exiting)?.node;
    host.insertBefore(node, firstExiting ?? null);
    ripples.push({ node, exiting: false });
  };

  // MUI's computeRippleState.
  const start = (event: Point | undefined, pulsate = false) => {
    if (button.disabled) return;
    const rect = button.getBoundingClientRect();
    const fromCenter = center || pulsate;
    let x: number;
    let y: number;
    if (fromCenter || !event || (event.clientX === 0 && event.clientY === 0) || (!event.clientX && !event.touches)) {
      x = Math.round(rect.width / 2);
      y = Math.round(rect.height / 2);
    } else {
      const point = event.touches && event.touches.length > 0 ? event.touches[0]! : event;
      x = Math.round((point.clientX ?? 0) - rect.left);
      y = Math.round((point.clientY ?? 0) - rect.top);
    }
    let size: number;
    if (fromCenter) {
      size = Math.sqrt((2 * rect.width ** 2 + rect.height ** 2) / 3);
      if (size % 2 === 0) size += 1;
    } else {
      const sizeX = Math.max(Math.abs(button.clientWidth - x), x) * 2 + 2;
      const sizeY = Math.max(Math.abs(button.clientHeight - y), y) * 2 + 2;
      size = Math.sqrt(sizeX ** 2 + sizeY ** 2);
    }
    if (event?.touches) {
      // A touch commits its ripple a moment later, so a scroll does not flash one.
      if (!pendingTouch) {
        pendingTouch = () => commit(pulsate, x, y, size);
        touchTimer = window.setTimeout(() => {
          pendingTouch?.();
          pendingTouch = null;
        }, DELAY_RIPPLE);
      }
    } else {
      commit(pulsate, x, y, size);
    }
  };

  const stop = (event?: Event, then?: () => void) => {
    window.clearTimeout(touchTimer);
    if (event?.type === 'touchend' && pendingTouch) {
      pendingTouch();
      pendingTouch = null;
      touchTimer = window.setTimeout(() => stop(event, then), 0);
      return;
    }
    pendingTouch = null;
    const ripple = ripples.find((candidate) => !candidate.exiting);
    if (ripple) {
      ripple.exiting = true;
      ripple.node.firstElementChild?.classList.add(CHILD_LEAVING);
      window.setTimeout(() => {
        ripple.node.remove();
        ripples.splice(ripples.indexOf(ripple), 1);
      }, DURATION);
    }
    then?.();
  };

  const setFocusVisible = (visible: boolean) => {
    if (visible === focusVisible) return;
    focusVisible = visible;
    button.classList.toggle(FOCUS_VISIBLE, visible);
    if (visible) start(undefined, true);
  };

  button.addEventListener('mousedown', (event) => {
    if (ignoringMouseDown) {
      ignoringMouseDown = false;
      return;
    }
    start(event);
  });
  button.addEventListener('touchstart', (event) => {
    ignoringMouseDown = true;
    start(event);
  });
  for (const type of ['contextmenu', 'dragleave', 'mouseup', 'mouseleave', 'touchend', 'touchmove'] as const) {
    button.addEventListener(type, (event) => stop(event));
  }
  button.addEventListener('focus', () => {
    if (isFocusVisible(button)) setFocusVisible(true);
  });
  button.addEventListener('blur', (event) => {
    stop(event);
    if (!isFocusVisible(button)) setFocusVisible(false);
  });
  button.addEventListener('keydown', (event) => {
    if (focusVisible && !event.repeat && event.key === ' ') stop(event, () => start(undefined));
  });
  button.addEventListener('keyup', (event) => {
    if (focusVisible && event.key === ' ' && !event.defaultPrevented) stop(event, () => start(undefined, true));
  });

  // Disabling the button drops its ripples and focus ring, as MUI unmounts its ripple root and
  // clears focusVisible while it is disabled; enabled again, an empty root is back.
  new MutationObserver(() => {
    root?.remove();
    root = null;
    ripples.length = 0;
    focusVisible = false;
    button.classList.remove(FOCUS_VISIBLE);
    if (mounted && !button.disabled) mountRoot();
  }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
}
