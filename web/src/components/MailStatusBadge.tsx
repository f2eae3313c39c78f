import Badge from 'react-bootstrap/Badge';
import { mailStatusLabels, type MailStatus } from '@common/schemas/mail.js';

const variants: Record<MailStatus, string> = { outbox: 'secondary', sent: 'success', failed: 'danger' };

/** The status of a recorded mail in its colour. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge bg={variants[status]} data-mail-status={status}>
      {mailStatusLabels[status]}
    </Badge>
  );
}
