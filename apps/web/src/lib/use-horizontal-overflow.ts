import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element's content is wider than the element (it scrolls sideways), kept true as the
 * element or its content resize. A region that scrolls must be reachable by keyboard (WCAG 2.1.1,
 * axe's scrollable-region-focusable), and only then: an extra tab stop everywhere would be noise.
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [isOverflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return isOverflowing;
}
