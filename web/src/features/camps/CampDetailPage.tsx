import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '@common/constants.js';
import { failureMessages } from '@common/messages.js';
import { campFormPayload, type CampRecord } from '@common/schemas/camps.js';
import { paths } from '../../app/paths.js';
import { useRouteRecordId } from '../../app/route-id.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useSchemaForm } from '../../components/form.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SaveErrorAlert } from '../../components/SaveErrorAlert.js';
import { useFollowRecord } from '../../components/useFollowRecord.js';
import { withServerFieldErrors } from '../../components/server-field-errors.js';
import { useNavigateLater } from '../../components/useNavigateLater.js';
import { useSaveCycle } from '../../components/useSaveCycle.js';
import { useCampYear } from '../../lib/camp-year.js';
import { useThemes } from '../../lib/lookups.js';
import { useSaveCamp } from './api/crud-camp.js';
import { useCamp, useReloadCamp } from './api/get-camps.js';
import { campFormValues, campSaveBody } from './components/camp-form-values.js';
import { CampForm } from './components/CampForm.js';
import { CampGeneralInfo } from './components/CampGeneralInfo.js';
import { HistoryCard } from '../../components/HistoryCard.js';
import { CampSummary } from './components/CampSummary.js';
import { waitingListPath } from '../../lib/waiting-list-path.js';

/** /camp-detail creates a camp, /camp-detail/{CAMP_ID} edits one. */
export default function CampDetailPage() {
  const id = useRouteRecordId();
  return id === undefined ? <CampEditor /> : <ExistingCamp campId={id} />;
}

/** A failed or empty load shows 'Kamp niet gevonden' and nothing else (spec section 4). */
function ExistingCamp({ campId }: { campId: number | null }) {
  const camp = useCamp(campId);
  if (campId === null || camp.isError || camp.data === null) return <ErrorAlert message={failureMessages.campNotFound} />;
  if (camp.isPending) return <LoadingLine />;
  return <CampEditor camp={camp.data} />;
}

const campTitle = (camp: CampRecord) => `Kamp ${camp.THEME_NAME} - ${camp.LOCATION_NAME} | ${camp.PERIOD_NAME} | ${camp.AGEGROUP_NAME}`;

function CampEditor({ camp }: { camp?: CampRecord }) {
  const year = useCampYear();
  const themes = useThemes();
  const form = useSchemaForm(campFormPayload, campFormValues(camp));
  const saveCamp = useSaveCamp();
  const reloadCamp = useReloadCamp();
  const cycle = useSaveCycle(failureMessages.save);
  const navigateLater = useNavigateLater();
  useFollowRecord(form, campFormValues(camp), camp?.CAMP_VERSION);

  const onSubmit = form.handleSubmit((values) =>
    cycle.run(
      () => withServerFieldErrors(form, saveCamp.mutateAsync(campSaveBody(values))),
      ({ campId }) => {
        // Saved: no unsaved edits any more; the form then follows the camp as saved, with its new version.
        form.reset(form.getValues());
        if (!camp) navigateLater(paths.campDetail(campId, year), REDIRECT_AFTER_SAVE_MS);
      },
    ),
  );
  const reload = async () => {
    const fresh = camp && (await reloadCamp(camp.CAMP_ID));
    if (fresh) form.reset(campFormValues(fresh));
    cycle.clearError();
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Link to={paths.camps(year)} className="btn btn-outline-secondary btn-sm">
          &lt;&lt; Terug naar overzicht
        </Link>
        {camp && (
          <Link to={paths.campParticipants(camp.CAMP_ID, year)} className="btn btn-outline-primary btn-sm">
            Deelnemers
          </Link>
        )}
        {camp && (
          <Link to={waitingListPath(camp.CAMP_ID, year)} className="btn btn-outline-primary btn-sm">
            Wachtlijst{camp.WAITING_COUNT > 0 ? ` (${camp.WAITING_COUNT})` : ''}
          </Link>
        )}
      </div>
      <Row className="align-items-start">
        <Col lg={7}>
          <h1 className="h3 mb-3">{camp ? campTitle(camp) : 'Kamp toevoegen'}</h1>
        </Col>
        <Col lg={5}>
          <SaveErrorAlert message={cycle.error} stale={cycle.stale} onReload={reload} />
          <ErrorAlert message={themes.isError ? failureMessages.loadThemes : null} />
        </Col>
      </Row>
      {camp && (
        <Row className="g-3 mb-3">
          <Col md={6}>
            <CampGeneralInfo camp={camp} />
          </Col>
          <Col md={6}>
            <CampSummary campId={camp.CAMP_ID} />
          </Col>
        </Row>
      )}
      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          Instellingen
        </Card.Header>
        <Card.Body>
          <CampForm form={form} camp={camp} year={year} saveState={cycle.state} onSubmit={onSubmit} />
        </Card.Body>
      </Card>
      {camp && <HistoryCard entity="camp" entityId={camp.CAMP_ID} />}
    </>
  );
}
