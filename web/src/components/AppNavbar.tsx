import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation } from 'react-router';
import { campYears } from '@common/constants.js';
import { useAuth } from '../lib/auth.js';
import { leaveAfterAsking } from './unsaved-changes.js';
import { switchCampYear, useCampYear } from '../lib/camp-year.js';
import { paths } from '../app/paths.js';

/** Beheer: what a season is built from (issue 17). */
const adminLinks = [
  { label: 'Locaties', to: paths.locations() },
  { label: 'Periodes', to: paths.periods() },
  { label: 'Leeftijdsgroepen', to: paths.agegroups() },
  { label: 'Lunchvoorkeuren', to: paths.lunchPreferences() },
  { label: 'Mailsjablonen', to: paths.mailTemplates() },
  { label: 'Instellingen', to: paths.settings() },
  { label: 'Seizoen kopiëren', to: paths.copySeason() },
  { label: 'Logboek', to: paths.logbook() },
  { label: 'Gegevensbeheer', to: paths.dataManagement() },
];

/** Each link stays highlighted on its own detail routes. */
const links = [
  { label: 'Inschrijvingen', to: paths.subscriptionOverview(), prefixes: ['/subscription-overview', '/subscription-detail'] },
  { label: 'Monitoren', to: paths.monitorsOverview(), prefixes: ['/monitors-overview', '/monitor-detail'] },
  { label: 'Kampen', to: paths.camps(), prefixes: ['/camps', '/camp-detail'] },
  { label: "Thema's", to: paths.themes(), prefixes: ['/themes', '/theme-detail'] },
  { label: 'Betalingen', to: paths.payments(), prefixes: ['/payments'] },
  { label: 'Overzicht', to: paths.dashboard(), prefixes: ['/dashboard'] },
];

export function AppNavbar() {
  const { state, logout } = useAuth();
  const { pathname } = useLocation();
  const year = useCampYear();
  const signedIn = state.status === 'signedIn';
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" className="mb-3">
      <Container fluid>
        <Navbar.Brand as={Link} to={paths.subscriptionOverview()}>
          Kampbeheer
        </Navbar.Brand>
        {signedIn && (
          <>
            <Navbar.Toggle aria-controls="main-navigation" label="Menu" />
            <Navbar.Collapse id="main-navigation">
              <Nav className="me-auto">
                {links.map((link) => {
                  const active = link.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
                  return (
                    <Nav.Link key={link.label} as={Link} to={link.to} active={active} aria-current={active ? 'page' : undefined}>
                      {link.label}
                    </Nav.Link>
                  );
                })}
                <NavDropdown title="Beheer" id="admin-menu" active={adminLinks.some((l) => l.to === pathname)}>
                  {adminLinks.map((link) => (
                    <NavDropdown.Item key={link.to} as={Link} to={link.to} active={link.to === pathname}>
                      {link.label}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
              </Nav>
              <Nav className="align-items-md-center gap-2">
                <NavDropdown title={`Kampjaar: ${year}`} id="camp-year" align="end">
                  {campYears().map((y) => (
                    <NavDropdown.Item key={y} as="button" active={y === year} onClick={() => leaveAfterAsking(() => switchCampYear(y))}>
                      {y}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
                <Button variant="outline-light" size="sm" onClick={() => void logout()}>
                  Afmelden
                </Button>
              </Nav>
            </Navbar.Collapse>
          </>
        )}
      </Container>
    </Navbar>
  );
}
