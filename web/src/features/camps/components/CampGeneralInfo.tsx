import { Fragment } from 'react';
import Card from 'react-bootstrap/Card';
import { formatDate } from '@common/format.js';
import type { CampRecord } from '@common/schemas/camps.js';

/** 'Algemene info': what a camp is, which cannot change once it exists. */
export function CampGeneralInfo({ camp }: { camp: CampRecord }) {
  const rows: [string, string][] = [
    ['Locatie', camp.LOCATION_NAME],
    ['Periode', `${camp.PERIOD_NAME} (${formatDate(camp.PERIOD_STARTDATE)} - ${formatDate(camp.PERIOD_ENDDATE)})`],
    ['Thema', camp.THEME_NAME],
    ['Leeftijdsgroep', camp.AGEGROUP_NAME],
    ['Kamp ID', String(camp.CAMP_ID)],
  ];
  return (
    <Card className="mb-3 h-100">
      <Card.Header as="h2" className="h5">
        Algemene info
      </Card.Header>
      <Card.Body>
        <dl className="row mb-0">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="col-sm-4">{label}</dt>
              <dd className="col-sm-8 mb-1">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
