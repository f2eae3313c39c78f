import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.js';

/**
 * The detail opens in a tab of its own, so going back closes that tab. A browser only lets a page
 * close a tab that a script opened; when the detail was opened directly, go to the overview instead.
 */
export function CloseTabButton() {
  const navigate = useNavigate();
  const back = () => {
    window.close();
    if (!window.closed) void navigate(paths.subscriptionOverview());
  };
  return (
    <Button variant="outline-secondary" onClick={back}>
      {'<< Terug naar overzicht'}
    </Button>
  );
}
