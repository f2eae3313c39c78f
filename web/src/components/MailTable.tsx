import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDateTime } from '@common/format.js';
import { failureMessages } from '@common/messages.js';
import type { MailRecord } from '@common/schemas/mail.js';
import { paths } from '../app/paths.js';
import { useRetryMail } from '../lib/mails.js';
import { ErrorAlert } from './ErrorAlert.js';
import { MailStatusBadge } from './MailStatusBadge.js';
import { useSaveCycle } from './useSaveCycle.js';

function RetryMailButton({ mail }: { mail: MailRecord }) {
  const retry = useRetryMail();
  const cycle = useSaveCycle(failureMessages.resendMail);
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={cycle.state === 'submitting'}
        onClick={() => void cycle.run(() => retry.mutateAsync(mail.MAIL_ID))}
        aria-label={`Opnieuw versturen: ${mail.MAIL_SUBJECT}`}
      >
        {cycle.state === 'submitting' ? 'Bezig…' : 'Opnieuw versturen'}
      </Button>
      <ErrorAlert message={cycle.error} className="mt-2 mb-0 py-1 small" />
    </>
  );
}

/**
 * Only what happened (issue 39): a mail given up after its attempts and why; a waiting mail whose last attempt
 * failed and why. A mail being sent right now counts its attempt already (the relay claims it so), without a failure,
 * so the count of attempts says nothing about failures of a waiting mail.
 */
function attemptNote(mail: MailRecord): string | null {
  const reason = mail.MAIL_ERROR ? `: ${mail.MAIL_ERROR}` : '.';
  if (mail.MAIL_STATUS === 'failed')
    return `Opgegeven na ${mail.MAIL_ATTEMPTS} ${mail.MAIL_ATTEMPTS === 1 ? 'poging' : 'pogingen'}${reason}`;
  if (mail.MAIL_STATUS === 'outbox' && mail.MAIL_ERROR) return `Vorige poging mislukt: ${mail.MAIL_ERROR}. Er volgt een nieuwe poging.`;
  return null;
}

interface MailTableProps {
  mails: MailRecord[];
  caption: string;
  /** The list of failed mails names whose mail it was, with a link to the subscription. */
  withSubscription?: boolean;
}

/** Recorded mails: what, to whom, when, and their status; a failed one can be sent again. */
export function MailTable({ mails, caption, withSubscription = false }: MailTableProps) {
  return (
    <Table size="sm" responsive className="mb-0 align-middle" data-testid="mail-table">
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          {withSubscription && <th scope="col">Inschrijving</th>}
          <th scope="col">Mail</th>
          <th scope="col">Aan</th>
          <th scope="col">Aangemaakt</th>
          <th scope="col">Verzonden</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Acties</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => {
          const note = attemptNote(mail);
          return (
            <tr key={mail.MAIL_ID} data-mail-id={mail.MAIL_ID}>
              {withSubscription && (
                <td>
                  {mail.SUBSCRIPTION_ID ? (
                    <Link to={paths.subscriptionDetail(mail.SUBSCRIPTION_ID)}>
                      {mail.SUBSCRIPTION_REFERENCE} - {mail.SUBSCRIBER_FIRSTNAME} {mail.SUBSCRIBER_LASTNAME}
                    </Link>
                  ) : (
                    '/'
                  )}
                </td>
              )}
              <td>{mail.MAIL_SUBJECT}</td>
              <td>{mail.MAIL_RECIPIENT}</td>
              <td>{formatDateTime(mail.MAIL_CREATED_AT)}</td>
              <td>{formatDateTime(mail.MAIL_SENT_AT) || '/'}</td>
              <td>
                <MailStatusBadge status={mail.MAIL_STATUS} />
                {note && <div className="small text-body-secondary">{note}</div>}
              </td>
              <td className="text-end">{mail.MAIL_STATUS === 'failed' && <RetryMailButton mail={mail} />}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
