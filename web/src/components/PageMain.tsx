import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

/** The main part of every signed-in page, below the navigation bar. */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <Container fluid as="main" className="pb-5">
      {children}
    </Container>
  );
}
