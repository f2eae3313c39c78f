import { useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import NavbarBrand from 'react-bootstrap/NavbarBrand';
import NavbarCollapse from 'react-bootstrap/NavbarCollapse';
import NavbarContext from 'react-bootstrap/NavbarContext';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { Link, useLocation } from 'react-router';
import { campYears } from '@common/constants.js';
import type { Role } from '@common/roles.js';
import { useAuth } from '../lib/auth.js';
import { leaveAfterAsking } from './unsaved-changes.js';
import { switchCampYear } from '../lib/selected-camp-year.js';
import { homePath, pageAllowed } from '../app/page-roles.js';
import { NavLinkToggle } from './dropdown-toggle.js';
import { NavbarFrame } from './NavbarFrame.js';
import { paths } from '../app/paths.js';

/** Beheer: what a season is built from (issue 17), the log and the users; each shown to the roles that may open its page. */
const adminLinks: { label: string; to: string }[] = [
  // The waiting lists of the year's full camps (issue 34); a camp's own list opens from the camp too.
  { label: 'Wachtlijsten', to: '/wachtlijst' },
  { label: 'Locaties', to: paths.locations() },
  { label: 'Periodes', to: paths.periods() },
  { label: 'Leeftijdsgroepen', to: paths.agegroups() },
  { label: 'Lunchvoorkeuren', to: paths.lunchPreferences() },
  { label: 'Mailsjablonen', to: paths.mailTemplates() },
  { label: 'Instellingen', to: paths.settings() },
  { label: 'Seizoen kopiëren', to: paths.copySeason() },
  { label: 'Logboek', to: paths.logbook() },
  { label: 'Gebruikers', to: paths.users() },
  { label: 'Gegevensbeheer', to: paths.dataManagement() },
  { label: 'Attesten', to: paths.attests() },
  { label: 'Mislukte mails', to: paths.failedMails() },
];

/** Each link stays highlighted on its own detail routes. */
const links: { label: string; to: string; prefixes: string[] }[] = [
  {
    label: 'Inschrijvingen',
    to: paths.subscriptionOverview(),
    prefixes: ['/subscription-overview', '/subscription-detail'],
  },
  { label: 'Monitoren', to: paths.monitorsOverview(), prefixes: ['/monitors-overview', '/monitor-detail'] },
  { label: 'Kampen', to: paths.camps(), prefixes: ['/camps', '/camp-detail', '/camp-participants'] },
  { label: "Thema's", to: paths.themes(), prefixes: ['/themes', '/theme-detail'] },
  { label: 'Betalingen', to: paths.payments(), prefixes: ['/payments', '/open-payments', '/refunds'] },
  { label: 'Overzicht', to: paths.dashboard(), prefixes: ['/dashboard'] },
  { label: 'Planning', to: '/planning', prefixes: ['/planning'] },
];

/** The navigation bar of a signed-in user: the pages of the role, the camp year, the account and signing out. */
export default function SignedInNavbar({ role, year }: { role: Role; year: number }) {
  const { logout } = useAuth();
  const { pathname } = useLocation();
  const mayOpen = (link: { to: string }) => pageAllowed(role, link.to.split('?')[0]!);
  const menu = adminLinks.filter(mayOpen);

  // What react-bootstrap's Navbar gives its parts: the collapse opens and closes with the toggle.
  const [expanded, setExpanded] = useState(false);
  const navbar = useMemo(() => ({ onToggle: () => setExpanded((open) => !open), bsPrefix: 'navbar', expanded, expand: 'md' }), [expanded]);
  return (
    <NavbarContext.Provider value={navbar}>
      <NavbarFrame>
        <NavbarBrand as={Link} to={homePath(role)}>
          Kampbeheer
        </NavbarBrand>
        <NavbarToggle aria-controls="main-navigation" label="Menu" />
        <NavbarCollapse id="main-navigation">
          <Nav className="me-auto">
            {links.filter(mayOpen).map((link) => {
              const active = link.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
              return (
                <Nav.Link key={link.label} as={Link} to={link.to} active={active} aria-current={active ? 'page' : undefined}>
                  {link.label}
                </Nav.Link>
              );
            })}
            {menu.length > 0 && (
              <NavMenu title="Beheer" id="admin-menu" active={menu.some((l) => l.to === pathname)}>
                {menu.map((link) => (
                  <Dropdown.Item key={link.to} as={Link} to={link.to} active={link.to === pathname}>
                    {link.label}
                  </Dropdown.Item>
                ))}
              </NavMenu>
            )}
          </Nav>
          <Nav className="align-items-md-center gap-2">
            <NavMenu title={`Kampjaar: ${year}`} id="camp-year" align="end">
              {campYears().map((y) => (
                <Dropdown.Item key={y} as="button" active={y === year} onClick={() => leaveAfterAsking(() => switchCampYear(y))}>
                  {y}
                </Dropdown.Item>
              ))}
            </NavMenu>
            <Nav.Link as={Link} to={paths.account()} active={pathname === paths.account()}>
              Mijn account
            </Nav.Link>
            <Button variant="outline-light" size="sm" onClick={() => void logout()}>
              Afmelden
            </Button>
          </Nav>
        </NavbarCollapse>
      </NavbarFrame>
    </NavbarContext.Provider>
  );
}

/** react-bootstrap's NavDropdown, with a toggle that does not hold back the frame it is drawn in (dropdown-toggle.tsx). */
function NavMenu({
  id,
  title,
  active,
  align,
  children,
}: {
  id: string;
  title: string;
  active?: boolean;
  align?: 'end';
  children: ReactNode;
}) {
  return (
    <Dropdown className="nav-item" align={align}>
      <Dropdown.Toggle as={NavLinkToggle} id={id} active={active}>
        {title}
      </Dropdown.Toggle>
      <Dropdown.Menu>{children}</Dropdown.Menu>
    </Dropdown>
  );
}
