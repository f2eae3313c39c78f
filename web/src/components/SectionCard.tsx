import { useId, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A card of a detail screen: a section named by its heading, with an optional footer for its button. */
export function SectionCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="mb-3">
      <Card.Header>
        <h2 id={titleId} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && <Card.Footer className="text-end">{footer}</Card.Footer>}
    </Card>
  );
}
