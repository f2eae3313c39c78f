import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth.js';
import { useCampYear } from '../lib/camp-year.js';
import { loadSignedInNavbar } from './load-signed-in-navbar.js';
import { NavbarFrame } from './NavbarFrame.js';
import { homePath } from '../app/page-roles.js';
import { paths } from '../app/paths.js';

const SignedInNavbar = lazy(loadSignedInNavbar);

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
