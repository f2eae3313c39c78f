import { useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '@common/constants.js';
import { failureMessages } from '@common/messages.js';
import { monitorMessages, type MonitorRecord } from '@common/schemas/monitors.js';
import { paths } from '../../app/paths.js';
import { useRouteRecordId } from '../../app/route-id.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { HistoryCard } from '../../components/HistoryCard.js';
import { ReadOnlyField } from '../../components/form.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useNavigateLater } from '../../components/useNavigateLater.js';
import { useLocations } from '../../lib/lookups.js';
import { useDeleteMonitor } from './api/delete-monitor.js';
import { useMonitor } from './api/get-monitor.js';
import { MonitorCardForm, type OwnSaves } from './components/MonitorCardForm.js';
import { NewMonitorForm } from './components/NewMonitorForm.js';
import { loadLocationsFailed, monitorCards } from './components/monitor-fields.js';

function BackToOverview() {
  return (
    <Link to={paths.monitorsOverview()} className="btn btn-outline-secondary btn-sm mb-3">
      &lt;&lt; Terug naar overzicht
    </Link>
  );
}

/**
 * /monitor-detail creates a monitor, /monitor-detail/{MONITOR_ID} edits one. The forms wait for the
 * locations: a select whose options come later would show no choice, and saving would clear it.
 */
export default function MonitorDetailPage() {
  const id = useRouteRecordId();
  const locations = useLocations();
  return (
    <>
      <BackToOverview />
      {locations.isPending ? (
        <LoadingLine />
      ) : locations.isError ? (
        <ErrorAlert message={loadLocationsFailed} />
      ) : id === undefined ? (
        <>
          <h1 className="h3 mb-3">Monitor toevoegen</h1>
          <NewMonitorForm />
        </>
      ) : (
        <ExistingMonitor monitorId={id} />
      )}
    </>
  );
}

function MonitorNotFound() {
  return <h1 className="h3">{monitorMessages.notFound}</h1>;
}

function ExistingMonitor({ monitorId }: { monitorId: number | null }) {
  if (monitorId === null) return <MonitorNotFound />;
  return <MonitorLoader monitorId={monitorId} />;
}

function MonitorLoader({ monitorId }: { monitorId: number }) {
  const monitor = useMonitor(monitorId);
  const remove = useDeleteMonitor();
  // What was shown when deleting started: the screen stays until it returns to the overview, once the record is gone.
  const [beforeDelete, setBeforeDelete] = useState<MonitorRecord | null>(null);
  const shown = beforeDelete && (remove.isPending || remove.isSuccess) ? beforeDelete : monitor.data;
  if (shown) return <MonitorEditor monitor={shown} remove={remove} onDeleting={() => setBeforeDelete(shown)} />;
  if (monitor.isPending) return <LoadingLine />;
  // A failed load shows no message (spec section 8).
  if (monitor.isError) return null;
  return <MonitorNotFound />;
}

interface MonitorEditorProps {
  monitor: MonitorRecord;
  remove: ReturnType<typeof useDeleteMonitor>;
  onDeleting: () => void;
}

/** Update mode: each card saves on its own; 'Monitor verwijderen' asks first and returns to the overview 1 s after deleting. */
function MonitorEditor({ monitor, remove, onDeleting }: MonitorEditorProps) {
  const [asking, setAsking] = useState(false);
  // Versions this screen's own card saves made: each changed only its card's fields.
  const ownSaveSteps = useRef(new Map<number, number>());
  const ownSaves = useMemo<OwnSaves>(
    () => ({
      current: (version) => {
        let current = version;
        while (ownSaveSteps.current.has(current)) current = ownSaveSteps.current.get(current)!;
        return current;
      },
      record: (from, to) => ownSaveSteps.current.set(from, to),
    }),
    [],
  );
  const navigateLater = useNavigateLater();
  const name = `${monitor.MONITOR_FIRSTNAME} ${monitor.MONITOR_LASTNAME}`;

  const confirmDelete = () => {
    onDeleting();
    remove.mutate(monitor.MONITOR_ID, {
      onSuccess: () => {
        setAsking(false);
        navigateLater(paths.monitorsOverview(), REDIRECT_AFTER_SAVE_MS);
      },
    });
  };
  const closeDelete = () => {
    setAsking(false);
    remove.reset();
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <h1 className="h3 mb-0">Monitor {name}</h1>
        <Button variant="danger" disabled={remove.isSuccess} onClick={() => setAsking(true)}>
          {remove.isSuccess ? 'Verwijderd' : 'Monitor verwijderen'}
        </Button>
      </div>
      {remove.isSuccess && (
        <Alert variant="success" role="status">
          Monitor verwijderd.
        </Alert>
      )}
      <fieldset disabled={remove.isSuccess}>
        <Row>
          {monitorCards.map((card, i) => (
            <Col key={card.title} lg={card.columns}>
              <MonitorCardForm monitor={monitor} card={card} ownSaves={ownSaves}>
                {i === 0 && <ReadOnlyField label="Monitor ID" value={monitor.MONITOR_ID} />}
              </MonitorCardForm>
            </Col>
          ))}
        </Row>
        <HistoryCard entity="monitor" entityId={monitor.MONITOR_ID} />
      </fieldset>
      <ConfirmModal
        show={asking}
        title="Monitor verwijderen"
        confirmLabel="Verwijderen"
        confirmVariant="danger"
        pending={remove.isPending}
        error={remove.isError ? failureMessages.deleteMonitor : null}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      >
        <p className="mb-0">Wil je monitor {name} definitief verwijderen?</p>
      </ConfirmModal>
    </>
  );
}
