import Alert from 'react-bootstrap/Alert';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { MailTable } from '../../../components/MailTable.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { useSubscriptionMails } from '../../../lib/mails.js';

/** The mail log of the subscription: every mail to the parent, newest first. */
export function MailLogCard({ subscriptionId }: { subscriptionId: number }) {
  const mails = useSubscriptionMails(subscriptionId);
  return (
    <SectionCard title="Mails">
      {mails.data ? (
        mails.data.length > 0 ? (
          <MailTable mails={mails.data} caption="Mails aan de ouder, nieuwste eerst" />
        ) : (
          <p className="mb-0">Voor deze inschrijving werd nog geen mail verstuurd.</p>
        )
      ) : mails.isError ? (
        <ErrorAlert message="Niet gelukt om de mails op te halen. Probeer opnieuw." />
      ) : (
        <LoadingLine />
      )}
    </SectionCard>
  );
}

/** Above the cards: a mail the relay gave up on, so staff know the parent was not reached. */
export function FailedMailWarning({ subscriptionId }: { subscriptionId: number }) {
  const mails = useSubscriptionMails(subscriptionId);
  const failed = mails.data?.filter((mail) => mail.MAIL_STATUS === 'failed') ?? [];
  if (failed.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="failed-mail-warning">
      {failed.length === 1
        ? 'Een mail aan de ouder kon niet verstuurd worden'
        : `${failed.length} mails aan de ouder konden niet verstuurd worden`}
      : {failed.map((mail) => `'${mail.MAIL_SUBJECT}' aan ${mail.MAIL_RECIPIENT}`).join(', ')}. Verstuur opnieuw onder Mails.
    </Alert>
  );
}
