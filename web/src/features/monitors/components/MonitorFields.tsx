import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/form.js';
import { useLocations } from '../../../lib/lookups.js';
import type { MonitorCardSpec } from './monitor-fields.js';

/**
 * The inputs of one card. The form holds all of the monitor's fields (create mode) or only this
 * card's (update mode), so it is typed loosely; the names come from the card's spec.
 */
export function MonitorFields({ form, card }: { form: UseFormReturn<any, any, any>; card: MonitorCardSpec }) {
  const locations = useLocations();
  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME }));
  return (
    <Row>
      {card.fields.map(({ name, label, width, kind = 'text', required, hint }) => (
        <Col sm={width} key={name}>
          {kind === 'location' ? (
            <SelectField form={form} name={name} label={label} options={locationOptions} placeholder="Geen locatie" />
          ) : kind === 'textarea' ? (
            <TextField form={form} name={name} label={label} required={required} hint={hint} as="textarea" rows={3} />
          ) : (
            <TextField form={form} name={name} label={label} required={required} hint={hint} type={kind} />
          )}
        </Col>
      ))}
    </Row>
  );
}
