import Nav from 'react-bootstrap/Nav';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths.js';

const tabs = [
  { label: 'Rekeninguittreksels', to: paths.payments() },
  { label: 'Openstaande betalingen', to: paths.openPayments() },
  { label: 'Terugbetalingen', to: paths.refunds() },
];

/** The screens under 'Betalingen': bank import, money still to come in, money to pay back. */
export function PaymentsTabs() {
  const { pathname } = useLocation();
  return (
    <Nav variant="tabs" as="nav" aria-label="Betalingen" className="mb-3">
      {tabs.map((tab) => (
        <Nav.Item key={tab.to}>
          <Nav.Link as={Link} to={tab.to} active={pathname === tab.to} aria-current={pathname === tab.to ? 'page' : undefined}>
            {tab.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
