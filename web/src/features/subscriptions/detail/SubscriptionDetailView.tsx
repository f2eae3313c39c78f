import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ActionScope } from '../../../components/ActionScope.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useLunchPreferences } from '../../../lib/lookups.js';
import { HistoryCard } from '../../../components/HistoryCard.js';
import { CampSummary } from './CampSummary.js';
import { ChildCard } from './ChildCard.js';
import { CloseTabButton } from './CloseTabButton.js';
import { FinancialCard } from './FinancialCard.js';
import { FailedMailWarning, MailLogCard } from './MailLogCard.js';
import { OtherDataCard } from './OtherDataCard.js';
import { ParentCard } from './ParentCard.js';
import { SubscriptionHeader } from './SubscriptionHeader.js';

interface SubscriptionDetailViewProps {
  detail: SubscriptionDetail;
  deleted: boolean;
  onDelete: () => Promise<unknown>;
}

/** The whole screen; once deleted, the page stays visible but disabled under an overlay. */
export function SubscriptionDetailView({ detail, deleted, onDelete }: SubscriptionDetailViewProps) {
  const lunchPreferences = useLunchPreferences();
  return (
    <ActionScope>
      <div className="position-relative">
        <fieldset disabled={deleted} inert={deleted}>
          <SubscriptionHeader detail={detail} onDelete={onDelete} />
          <FailedMailWarning subscriptionId={detail.SUBSCRIPTION_ID} />
          <CampSummary detail={detail} />
          <Row>
            <Col lg={6}>
              <ChildCard detail={detail} />
              <ParentCard detail={detail} />
            </Col>
            <Col lg={6}>
              <FinancialCard detail={detail} />
              {lunchPreferences.data ? (
                <OtherDataCard detail={detail} lunchPreferences={lunchPreferences.data} />
              ) : lunchPreferences.isError ? (
                <ErrorAlert message="Niet gelukt om lunchvoorkeuren op te halen. Probeer opnieuw." />
              ) : (
                <LoadingLine />
              )}
            </Col>
          </Row>
          <HistoryCard entity="subscription" entityId={detail.SUBSCRIPTION_ID} />
          <MailLogCard subscriptionId={detail.SUBSCRIPTION_ID} />
        </fieldset>
        {deleted && (
          <div className="position-absolute top-0 start-0 w-100 h-100 d-flex justify-content-center align-items-start pt-5 bg-body bg-opacity-75">
            <div className="bg-body border rounded shadow p-4 text-center" role="status">
              <p className="h4">Inschrijving is verwijderd</p>
              <CloseTabButton />
            </div>
          </div>
        )}
      </div>
    </ActionScope>
  );
}
