import type { ReactNode } from 'react';

/**
 * The bar's frame: the markup react-bootstrap's `<Navbar bg="dark" data-bs-theme="dark" expand="md"
 * className="mb-3">` with a fluid container renders. Written out, because the Navbar component brings its
 * offcanvas and with it the modal's code to every screen; SignedInNavbar gives it the Navbar's context.
 */
export function NavbarFrame({ children }: { children: ReactNode }) {
  return (
    <nav data-bs-theme="dark" className="mb-3 navbar navbar-expand-md navbar-light bg-dark">
      <div className="container-fluid">{children}</div>
    </nav>
  );
}
