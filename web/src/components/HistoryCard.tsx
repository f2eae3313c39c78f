import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { AuditEntries, auditKeys } from './AuditEntries.js';
import { SectionCard } from './SectionCard.js';

/**
 * 'Geschiedenis' on a detail screen: who changed this record, what and when. It loads when asked, so
 * opening a detail costs no read of the audit log; once open, it reads again after every save on the page.
 */
export function HistoryCard({ entity, entityId }: { entity: 'subscription' | 'camp' | 'monitor'; entityId: number }) {
  const [open, setOpen] = useState(false);
  const saving = useIsMutating();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (open && saving === 0) void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  }, [open, saving, queryClient]);
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
