import { Link } from 'react-router';
import { loadable } from '../app/loadable.js';
import { useAuth } from '../lib/auth.js';
import { useCampYear } from '../lib/camp-year.js';
import { NavbarFrame } from './NavbarFrame.js';
import { homePath } from '../app/page-roles.js';
import { paths } from '../app/paths.js';

/** The full bar (links, menus, collapse) comes with the first signed-in screen: /login shows only the brand. */
const SignedInNavbar = loadable(
  () => import('./SignedInNavbar.js'),
  ({ role }) => <BrandOnlyNavbar home={homePath(role)} />,
);

/** Starts loading the signed-in bar ahead of need: with a stored sign-in at start, and when signing in. */
export function preloadSignedInNavbar(): Promise<void> {
  return SignedInNavbar.preload();
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
  return <SignedInNavbar role={state.user.role} year={year} />;
}
