import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { MailTable } from '../../components/MailTable.js';
import { useFailedMails } from '../../lib/mails.js';

/** 'Mislukte mails': every mail still failing after its last attempt, to send again or follow up by phone. */
export default function FailedMailsPage() {
  const mails = useFailedMails();
  return (
    <>
      <h1 className="h3 mb-3">Mislukte mails</h1>
      <p>
        Mails aan ouders die na de laatste poging nog niet verstuurd konden worden. Verstuur ze opnieuw, of neem contact op met de ouder.
      </p>
      {mails.data ? (
        mails.data.length > 0 ? (
          <MailTable
            mails={mails.data}
            caption={`${mails.data.length} mislukte ${mails.data.length === 1 ? 'mail' : 'mails'}`}
            withSubscription
          />
        ) : (
          <p role="status">Er zijn geen mislukte mails.</p>
        )
      ) : mails.isError ? (
        <ErrorAlert message="Niet gelukt om de mislukte mails op te halen. Probeer opnieuw." />
      ) : (
        <LoadingLine />
      )}
    </>
  );
}
