import { type ReactNode, useEffect, useRef } from 'react';

type StepHeadingProps = {
  id: string;
  children: ReactNode;
  /** Moves the focus here when the step appears (not on the page's first paint). */
  focusOnMount: boolean;
};

/**
 * A wizard step's title. Focus moves to it when the step changes, so a screen reader starts reading
 * the new step and a keyboard user tabs on from its top.
 */
export function StepHeading({ id, children, focusOnMount }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
      {children}
    </h2>
  );
}
