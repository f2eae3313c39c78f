import { startTransition, useCallback, type ElementType, type Ref, type RefCallback } from 'react';
import Button from 'react-bootstrap/Button';
import NavLink from 'react-bootstrap/NavLink';

/**
 * A react-bootstrap dropdown's toggle (`<Dropdown.Toggle as={…}>`) that is drawn in the frame it is mounted in.
 * The dropdown learns of its toggle through a ref that re-renders the dropdown; called while React commits, that
 * update is synchronous, and React first runs every pending effect of the commit (the lookups' and the year's
 * requests of a whole screen) before the paint. Here the dropdown still gets the element at once, and its re-render
 * comes in a transition, after the frame (docs/decisions.md, 'Dropdowns do not hold back the first frame').
 */
function quietToggle(Component: ElementType) {
  return function QuietToggle({ ref, ...props }: { ref?: Ref<HTMLElement> } & Record<string, unknown>) {
    const attach = useCallback<RefCallback<HTMLElement>>((element) => startTransition(() => assign(ref, element)), [ref]);
    return <Component {...props} ref={attach} />;
  };
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** The toggle of a Dropdown (a Button, react-bootstrap's default). */
export const ButtonToggle = quietToggle(Button);
/** The toggle of a dropdown in the navigation bar (what NavDropdown uses). */
export const NavLinkToggle = quietToggle(NavLink);
