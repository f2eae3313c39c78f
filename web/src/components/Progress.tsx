import ProgressBar from 'react-bootstrap/ProgressBar';

/**
 * A progress bar for long work (uploads, imports, bulk mails). react-bootstrap puts an `aria-label` on
 * its wrapper, not on the element with role progressbar; as a child bar the name lands where screen
 * readers and the tests look for it.
 */
export function Progress({ label, percent, busy = false }: { label: string; percent: number; busy?: boolean }) {
  return (
    <ProgressBar>
      <ProgressBar
        isChild
        now={busy ? 100 : percent}
        animated={busy}
        striped={busy}
        label={busy ? 'Verwerken…' : `${percent}%`}
        aria-label={label}
      />
    </ProgressBar>
  );
}
