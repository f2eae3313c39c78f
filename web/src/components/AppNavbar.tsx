import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth.js';
import { useCampYear } from '../lib/camp-year.js';
import { NavbarFrame } from './NavbarFrame.js';
import { homePath } from '../app/page-roles.js';
import { paths } from '../app/paths.js';

/** The full bar (links, menus, collapse) comes with the first signed-in screen: /login shows only the brand. */
const loadSignedInNavbar = () => import('./SignedInNavbar.js');
const SignedInNavbar = lazy(loadSignedInNavbar);

/** Starts loading the signed-in bar ahead of need: with a stored sign-in at start (web/src/boot/), and when signing in. */
export function preloadSignedInNavbar() {
  void loadSignedInNavbar();
}

/** The bar before anyone is signed in, and while the signed-in bar loads: only the brand. */
function BrandOnlyNavbar({ home }: { home: string }) {
  return (
    <NavbarFrame>
      <Link to={home} className="navbar-brand">
        Kampbeheer
      </Link>
    </NavbarFrame>
  );
}

export function AppNavbar() {
  const { state } = useAuth();
  // Before signing in too: a year in the address is remembered (camp-year.ts).
  const year = useCampYear();
  if (state.status !== 'signedIn') return <BrandOnlyNavbar home={paths.subscriptionOverview()} />;
  return (
    <Suspense fallback={<BrandOnlyNavbar home={homePath(state.user.role)} />}>
      <SignedInNavbar role={state.user.role} year={year} />
    </Suspense>
  );
}
