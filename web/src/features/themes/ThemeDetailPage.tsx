import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { REDIRECT_AFTER_SAVE_MS } from '@common/constants.js';
import { failureMessages } from '@common/messages.js';
import { themePayload, type ThemeRecord } from '@common/schemas/themes.js';
import { paths } from '../../app/paths.js';
import { useRouteRecordId } from '../../app/route-id.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TextField, useSchemaForm } from '../../components/form.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SaveButton } from '../../components/SaveButton.js';
import { SaveErrorAlert } from '../../components/SaveErrorAlert.js';
import { useFollowRecord } from '../../components/useFollowRecord.js';
import { withServerFieldErrors } from '../../components/server-field-errors.js';
import { useNavigateLater } from '../../components/useNavigateLater.js';
import { useSaveCycle } from '../../components/useSaveCycle.js';
import { useSaveTheme } from './api/crud-theme.js';
import { useReloadTheme, useTheme } from './api/get-theme.js';

/** /theme-detail creates a theme, /theme-detail/{THEME_ID} edits one. */
export default function ThemeDetailPage() {
  const id = useRouteRecordId();
  return id === undefined ? <ThemeEditor /> : <ExistingTheme themeId={id} />;
}

/** A failed or empty load shows 'Thema niet gevonden' and nothing else (spec section 4). */
function ExistingTheme({ themeId }: { themeId: number | null }) {
  const theme = useTheme(themeId);
  if (themeId === null || theme.isError || theme.data === null) return <ErrorAlert message={failureMessages.themeNotFound} />;
  if (theme.isPending) return <LoadingLine />;
  return <ThemeEditor theme={theme.data} />;
}

const themeValues = (theme?: ThemeRecord) => ({
  THEME_ID: theme?.THEME_ID,
  THEME_VERSION: theme?.THEME_VERSION,
  THEME_NAME: theme?.THEME_NAME ?? '',
});

function ThemeEditor({ theme }: { theme?: ThemeRecord }) {
  const form = useSchemaForm(themePayload, themeValues(theme));
  const saveTheme = useSaveTheme();
  const reloadTheme = useReloadTheme();
  const cycle = useSaveCycle(failureMessages.save);
  const navigateLater = useNavigateLater();
  useFollowRecord(form, themeValues(theme), theme?.THEME_VERSION);

  const onSubmit = form.handleSubmit((values) =>
    cycle.run(
      () => withServerFieldErrors(form, saveTheme.mutateAsync(values)),
      ({ themeId }) => {
        // Saved: no unsaved edits any more; the form then follows the theme as saved, with its new version.
        form.reset(form.getValues());
        if (!theme) navigateLater(paths.themeDetail(themeId), REDIRECT_AFTER_SAVE_MS);
      },
    ),
  );
  const reload = async () => {
    const fresh = theme && (await reloadTheme(theme.THEME_ID));
    if (fresh) form.reset(themeValues(fresh));
    cycle.clearError();
  };

  return (
    <>
      <Link to={paths.themes()} className="btn btn-outline-secondary btn-sm mb-3">
        &lt;&lt; Terug naar overzicht
      </Link>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <h1 className="h3 mb-3">{theme ? `Thema "${theme.THEME_NAME}"` : 'Thema toevoegen'}</h1>
        <SaveErrorAlert message={cycle.error} stale={cycle.stale} onReload={reload} />
      </div>
      <Card className="mb-3" style={{ maxWidth: '40rem' }}>
        <Card.Header as="h2" className="h5">
          Instellingen
        </Card.Header>
        <Card.Body>
          {theme && (
            <p>
              <strong>Thema ID:</strong> {theme.THEME_ID}
            </p>
          )}
          <form onSubmit={onSubmit} noValidate>
            <TextField form={form} name="THEME_NAME" label="Naam thema" required />
            <SaveButton state={cycle.state} busyLabel="Loading…" />
          </form>
        </Card.Body>
      </Card>
    </>
  );
}
