import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type TouchEvent,
} from 'react';
import type { TooltipProps as MuiTooltipProps } from '@mui/material/Tooltip';

// MUI's Tooltip and Popper (with @popperjs, about 11 kB gzipped) load on the first hover, focus
// or long press of any trigger, not with the first paint (issue 18).
const TooltipPopup = lazy(() => import('./TooltipPopup'));

// MUI's defaults: a hover opens after 100 ms, a long press after 700 ms and its tooltip stays 1.5 s.
const ENTER_DELAY = 100;
const TOUCH_ENTER_DELAY = 700;
const TOUCH_LEAVE_DELAY = 1500;

interface TriggerProps {
  'aria-label'?: string;
  'aria-describedby'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
}

export interface TooltipProps {
  title: string;
  placement?: MuiTooltipProps['placement'];
  /** The title describes the trigger (aria-describedby while shown) instead of naming it. */
  describeChild?: boolean;
  children: ReactElement<TriggerProps>;
}

/** One pending timeout at a time (a hover's opening, a long press's closing). */
class Timer {
  private handle: ReturnType<typeof setTimeout> | undefined;
  start(delay: number, run: () => void) {
    this.clear();
    this.handle = setTimeout(run, delay);
  }
  clear() {
    clearTimeout(this.handle);
    this.handle = undefined;
  }
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * MUI's Tooltip as the screens use it (a text on hover, keyboard focus or long press), whose
 * popup loads when first wanted. The trigger is rendered as it is, with the listeners added, and
 * never remounted: the popup is MUI's Tooltip beside it, anchored to it and opened from here. As
 * MUI's, it names the trigger (`aria-label`, unless the trigger has its own) or, with
 * `describeChild`, describes it while shown; Escape closes it.
 */
export function Tooltip({ title, placement, describeChild = false, children }: TooltipProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [timer] = useState(() => new Timer());
  const id = useId();
  const own = children.props;

  useEffect(() => () => timer.clear(), [timer]);

  const openAfter = (delay: number, element: HTMLElement) => {
    setAnchor(element);
    timer.start(delay, () => setOpen(true));
  };
  const closeAfter = (delay: number) => {
    timer.clear();
    if (delay === 0) setOpen(false);
    else timer.start(delay, () => setOpen(false));
  };

  const shown = open && title !== '';
  const trigger = cloneElement(children, {
    ...(describeChild
      ? { 'aria-describedby': shown ? id : own['aria-describedby'] }
      : { 'aria-label': own['aria-label'] ?? (title || undefined) }),
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      own.onMouseOver?.(event);
      if (!open) openAfter(ENTER_DELAY, event.currentTarget);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      closeAfter(0);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (focusVisible(event.target)) openAfter(ENTER_DELAY, event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      closeAfter(0);
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      own.onTouchStart?.(event);
      openAfter(TOUCH_ENTER_DELAY, event.currentTarget);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      own.onTouchEnd?.(event);
      closeAfter(TOUCH_LEAVE_DELAY);
    },
  });

  return (
    <>
      {trigger}
      {anchor ? (
        <Suspense fallback={null}>
          <TooltipPopup
            id={id}
            anchor={anchor}
            open={shown}
            title={title}
            placement={placement}
            onClose={() => closeAfter(0)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
