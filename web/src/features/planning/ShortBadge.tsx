import Badge from 'react-bootstrap/Badge';
import type { PlanningCamp } from '@common/schemas/planning.js';

export const campLabel = (c: PlanningCamp) => `${c.LOCATION_NAME} · ${c.THEME_NAME} · ${c.AGEGROUP_NAME}`;

/** What a camp is short of ('2 monitoren te kort', 'Ontbreekt: Redder'), or that it is complete. */
export function ShortBadge({ camp }: { camp: PlanningCamp }) {
  if (!camp.SHORT)
    return (
      <Badge bg="success" className="me-1">
        Volledig
      </Badge>
    );
  return (
    <>
      {camp.MONITORS_MISSING > 0 && (
        <Badge bg="danger" className="me-1">
          {camp.MONITORS_MISSING === 1 ? '1 monitor te kort' : `${camp.MONITORS_MISSING} monitoren te kort`}
        </Badge>
      )}
      {camp.QUALIFICATIONS_MISSING.length > 0 && (
        <Badge bg="danger" className="me-1">
          Ontbreekt: {camp.QUALIFICATIONS_MISSING.map((q) => q.QUALIFICATION_NAME).join(', ')}
        </Badge>
      )}
      {!camp.HAS_HEAD && camp.MONITORS_PLANNED > 0 && (
        <Badge bg="secondary" className="me-1">
          Geen hoofdmonitor
        </Badge>
      )}
    </>
  );
}
