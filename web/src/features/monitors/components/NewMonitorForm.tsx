import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { REDIRECT_AFTER_SAVE_MS } from '@common/constants.js';
import { monitorPayload } from '@common/schemas/monitors.js';
import { paths } from '../../../app/paths.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useSchemaForm } from '../../../components/form.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { useNavigateLater } from '../../../components/useNavigateLater.js';
import { MonitorFields } from './MonitorFields.js';
import { monitorCards, monitorFormValues } from './monitor-fields.js';
import { useMonitorSave } from './useMonitorSave.js';

/** Create mode: the three cards are one form with one 'Monitor toevoegen'; back to the overview 1 s after saving. */
export function NewMonitorForm() {
  const form = useSchemaForm(monitorPayload, monitorFormValues());
  const { state, error, save } = useMonitorSave(form);
  const navigateLater = useNavigateLater();
  const onSubmit = form.handleSubmit((monitor) =>
    save(monitor, () => {
      // Saved: leaving no longer asks about unsaved edits.
      form.reset(form.getValues());
      navigateLater(paths.monitorsOverview(), REDIRECT_AFTER_SAVE_MS);
    }),
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
      <ErrorAlert message={error} />
      <SaveButton state={state} label="Monitor toevoegen" />
    </form>
  );
}
