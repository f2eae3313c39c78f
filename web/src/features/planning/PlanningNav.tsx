import Nav from 'react-bootstrap/Nav';
import { Link, useLocation } from 'react-router';
import { pageAllowed } from '../../app/page-roles.js';
import { useAuth } from '../../lib/auth.js';

const tabs = [
  { label: 'Planning', to: '/planning' },
  { label: 'Tekorten', to: '/planning/tekorten' },
  { label: 'Kwalificaties en ratio’s', to: '/planning/kwalificaties' },
  { label: 'Vrijwilligersvergoedingen', to: '/planning/vergoedingen' },
];

/** The pages of the monitor planning, as tabs above each of them (the ones the role may open). */
export function PlanningNav() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  const role = state.status === 'signedIn' ? state.user.role : null;
  return (
    <Nav variant="tabs" className="mb-3" as="nav" aria-label="Monitorplanning">
      {tabs
        .filter((tab) => role !== null && pageAllowed(role, tab.to))
        .map((tab) => (
          <Nav.Item key={tab.to}>
            <Nav.Link as={Link} to={tab.to} active={pathname === tab.to} aria-current={pathname === tab.to ? 'page' : undefined}>
              {tab.label}
            </Nav.Link>
          </Nav.Item>
        ))}
    </Nav>
  );
}
