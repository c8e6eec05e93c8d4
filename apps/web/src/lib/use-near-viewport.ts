import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the element given to the returned ref has come within `margin` of the viewport (and
 * stays true from then on): a chart below the fold loads its code when the reader scrolls towards
 * it, not with the screen's first paint (issue 18). Where IntersectionObserver is missing, at once.
 */
export function useNearViewport<T extends Element>(margin = '0px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return [useCallback((node: T | null) => setElement(node), []), near];
}
