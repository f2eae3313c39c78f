import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { AuditEntries } from './AuditEntries.js';
import { SectionCard } from './SectionCard.js';

/**
 * 'Geschiedenis' on a detail screen: who changed this record, what and when. It loads when asked, so
 * opening a detail costs no read of the audit log; once open, it reads again after every save (every change makes
 * the audit log stale, lib/queries.ts).
 */
export function HistoryCard({ entity, entityId }: { entity: 'subscription' | 'camp' | 'monitor'; entityId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title="Geschiedenis">
      {open ? (
        <AuditEntries filter={{ entity, entityId }} caption="Geschiedenis" />
      ) : (
        <Button variant="outline-secondary" size="sm" onClick={() => setOpen(true)}>
          Geschiedenis tonen
        </Button>
      )}
    </SectionCard>
  );
}
