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
      {card.fields.map((field) => {
        const kind = 'kind' in field ? field.kind : 'text';
        const required = 'required' in field && field.required;
        return (
          <Col sm={field.width} key={field.name}>
            {kind === 'location' ? (
              <SelectField form={form} name={field.name} label={field.label} options={locationOptions} placeholder="Geen locatie" />
            ) : (
              <TextField
                form={form}
                name={field.name}
                label={field.label}
                required={required}
                type={kind === 'textarea' ? undefined : kind}
                as={kind === 'textarea' ? 'textarea' : undefined}
                rows={kind === 'textarea' ? 3 : undefined}
                hint={'hint' in field ? field.hint : undefined}
              />
            )}
          </Col>
        );
      })}
    </Row>
  );
}
