import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { REDIRECT_AFTER_SAVE_MS } from '../../../../../common/src/constants.js';
import { failureMessages } from '../../../../../common/src/messages.js';
import { monitorPayload } from '../../../../../common/src/schemas/monitors.js';
import { paths } from '../../../app/paths.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useSchemaForm } from '../../../components/form.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { showServerFieldErrors } from '../../../components/server-field-errors.js';
import { useNavigateLater } from '../../../components/useNavigateLater.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';
import { useUpdateMonitor } from '../api/update-monitor.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { MonitorFields } from './MonitorFields.js';
import { monitorCards, monitorFormValues } from './monitor-fields.js';

/** Create mode: the three cards are one form with one 'Monitor toevoegen'; back to the overview 1 s after saving. */
export function NewMonitorForm() {
  const form = useSchemaForm(monitorPayload, monitorFormValues());
  const update = useUpdateMonitor();
  const cycle = useSaveCycle(failureMessages.save);
  const navigateLater = useNavigateLater();

  const onSubmit = form.handleSubmit((values) =>
    cycle.run(
      () =>
        update.mutateAsync(values).catch((error: unknown) => {
          showServerFieldErrors(form, error);
          throw error;
        }),
      () => navigateLater(paths.monitorsOverview(), REDIRECT_AFTER_SAVE_MS),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Row>
        {monitorCards.map((card) => (
          <Col key={card.title} lg={card.columns}>
            <SectionCard title={card.title}>
              <MonitorFields form={form} card={card} />
            </SectionCard>
          </Col>
        ))}
      </Row>
      <ErrorAlert message={cycle.error} />
      <SaveButton state={cycle.state} label="Monitor toevoegen" />
    </form>
  );
}
