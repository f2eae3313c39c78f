import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { failureMessages } from '@common/messages.js';
import { paths } from '../../app/paths.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useThemes } from '../../lib/lookups.js';

/** The themes: id and name, an add button and a 'Wijzigen' link per row. */
export default function ThemesOverviewPage() {
  const themes = useThemes();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Thema's</h1>
        <Link to={paths.themeDetail()} className="btn btn-primary btn-sm">
          Thema toevoegen
        </Link>
      </div>
      {themes.isPending ? (
        <LoadingLine />
      ) : themes.isError ? (
        <ErrorAlert message={failureMessages.loadThemes} />
      ) : (
        <Table striped hover responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Thema ID</th>
              <th scope="col">Naam thema</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {themes.data.map((theme) => (
              <tr key={theme.THEME_ID}>
                <td>{theme.THEME_ID}</td>
                <td>{theme.THEME_NAME}</td>
                <td>
                  <Link to={paths.themeDetail(theme.THEME_ID)} className="btn btn-outline-primary btn-sm">
                    Wijzigen
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
