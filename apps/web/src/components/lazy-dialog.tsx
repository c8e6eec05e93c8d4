import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A dialog component whose code loads the first time it is rendered (issue 18): a screen that
 * renders its dialog only once opened keeps the dialog's form, schemas and pickers out of its first
 * paint. While the chunk loads nothing shows, as with `WhenOpened` (the click's feedback is the
 * button's ripple); the screen around it never suspends.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
