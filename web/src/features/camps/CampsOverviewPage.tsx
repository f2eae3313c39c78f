import { mayWhole, reads } from '@common/policies.js';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { parseRecordId } from '@common/record-id.js';
import { failureMessages } from '@common/messages.js';
import type { CampRecord } from '@common/schemas/camps.js';
import { compareDutch } from '@common/sort.js';
import { paths } from '../../app/paths.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useAuth } from '../../lib/auth.js';
import { useCampYear } from '../../lib/camp-year.js';
import { useThemes } from '../../lib/lookups.js';
import { useGenerateVoucher } from './api/generate-voucher.js';
import { useCamps } from './api/get-camps.js';
import { CampFilters, noCampFilter, type CampFilter } from './components/CampFilters.js';
import { CampsTable } from './components/CampsTable.js';
import { campName, periodWithDates } from './components/camp-name.js';

/** The waiting lists (issue 34), reached through this module's route entry (app/router.tsx). */
const WaitingListPages = lazy(() => import('./waiting-list/WaitingListPages.js'));

/** The voucher dialog's code (react-bootstrap's Modal and its transitions) loads when a voucher is first asked for. */
const VoucherModal = lazy(() => import('./components/VoucherModal.js').then((m) => ({ default: m.VoucherModal })));

/** In time order, then by theme and location, so a week's camps stand together. */
const campOrder = (a: CampRecord, b: CampRecord) =>
  a.PERIOD_STARTDATE.localeCompare(b.PERIOD_STARTDATE) ||
  compareDutch(a.THEME_NAME, b.THEME_NAME) ||
  compareDutch(a.LOCATION_NAME, b.LOCATION_NAME) ||
  a.CAMP_ID - b.CAMP_ID;

const matches = (camp: CampRecord, filter: CampFilter) =>
  (filter.locationId === '' || camp.LOCATION_ID === Number(filter.locationId)) &&
  (filter.themeId === '' || camp.THEME_ID === Number(filter.themeId)) &&
  (filter.periodId === '' || camp.PERIOD_ID === Number(filter.periodId));

/** A monitor's camps of the year (the server answers only theirs): each opens its participant list. */
function MonitorCamps({ year }: { year: number }) {
  const camps = useCamps(year);
  return (
    <>
      <h1 className="h3 mb-3">Mijn kampen {year}</h1>
      <p>
        <Link to="/mijn-planning">Mijn planning: mijn weken en kampen</Link>
      </p>
      {camps.isPending ? (
        <LoadingLine />
      ) : camps.isError ? (
        <ErrorAlert message={failureMessages.loadCamps} />
      ) : camps.data.length === 0 ? (
        <p>Geen lopende of komende kampen voor jou in {year}.</p>
      ) : (
        <ul className="list-group">
          {[...camps.data].sort(campOrder).map((camp) => (
            <li key={camp.CAMP_ID} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span>
                {campName(camp)} — {periodWithDates(camp)}
              </span>
              <Link to={paths.campParticipants(camp.CAMP_ID, year)} className="btn btn-outline-primary btn-sm">
                Deelnemers
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The camps of the selected year: filters, add button, and per camp a voucher link and an edit tab. */
export default function CampsOverviewPage() {
  const { state } = useAuth();
  const year = useCampYear();
  if (useLocation().pathname.startsWith('/wachtlijst')) return <WaitingListPages />;
  // Who sees only part of the camps (a monitor: theirs, the camp policy) gets the plain list of theirs.
  if (state.status === 'signedIn' && !mayWhole(state.user.role, reads('camp'))) return <MonitorCamps year={year} />;
  return <StaffCamps year={year} />;
}

function StaffCamps({ year }: { year: number }) {
  const camps = useCamps(year);
  const themes = useThemes();
  const [searchParams] = useSearchParams();
  // The dashboard's occupancy cells link here with their location and period.
  const [filter, setFilter] = useState<CampFilter>(() => ({
    ...noCampFilter,
    locationId: String(parseRecordId(searchParams.get('locationId')) ?? ''),
    periodId: String(parseRecordId(searchParams.get('periodId')) ?? ''),
  }));
  const [voucherCamp, setVoucherCamp] = useState<CampRecord | null>(null);
  // Rendered from the first voucher on, so that closing the dialog fades out as a dialog does.
  const [voucherAsked, setVoucherAsked] = useState(false);
  const voucher = useGenerateVoucher();

  const shown = useMemo(() => (camps.data ?? []).filter((camp) => matches(camp, filter)).sort(campOrder), [camps.data, filter]);

  // The voucher is made as the modal opens: one click, one voucher.
  const openVoucher = (camp: CampRecord) => {
    setVoucherAsked(true);
    setVoucherCamp(camp);
    voucher.mutate(camp.CAMP_ID);
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Kampen {year}</h1>
        {/* The button comes before the count, so the count arriving with the data does not move it under the pointer. */}
        <Link to={paths.campDetail(undefined, year)} className="btn btn-primary btn-sm">
          Kamp toevoegen
        </Link>
        {camps.data && <span className="text-muted">{shown.length === 1 ? '1 kamp' : `${shown.length} kampen`}</span>}
      </div>
      <ErrorAlert message={themes.isError ? failureMessages.loadThemes : null} />
      <CampFilters year={year} filter={filter} onChange={setFilter} />
      {camps.isPending ? (
        <LoadingLine />
      ) : camps.isError ? (
        <ErrorAlert message={failureMessages.loadCamps} />
      ) : (
        <CampsTable camps={shown} year={year} onVoucher={openVoucher} />
      )}
      {voucherAsked && (
        <Suspense fallback={null}>
          <VoucherModal
            camp={voucherCamp}
            voucher={voucher}
            onRetry={() => voucherCamp && voucher.mutate(voucherCamp.CAMP_ID)}
            onClose={() => {
              setVoucherCamp(null);
              voucher.reset();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
