import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@common/format.js';
import { centsToEuro, formatEuro } from '@common/money.js';
import type { DashboardAnswer, MoneySplitCents } from '@common/schemas/dashboard.js';
import { compareDutch } from '@common/sort.js';
import { subscriptionSourceLabels } from '@common/subscription-source.js';
import { paths } from '../../app/paths.js';
import { DownloadMenu, spreadsheetChoices } from '../../components/DownloadMenu.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { FiguresTable } from '../../components/FiguresTable.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SectionCard } from '../../components/SectionCard.js';
import { useCampYear } from '../../lib/camp-year.js';
import { usePaymentMethods } from '../../lib/lookups.js';
import { useDashboard } from './api/get-dashboard.js';

const euro = (cents: number) => formatEuro(centsToEuro(cents));

/** 'Overzicht': the season of the selected Kampjaar at a glance; every figure links into the list that makes it up. */
export default function DashboardPage() {
  const year = useCampYear();
  const dashboard = useDashboard(year);
  return (
    <>
      <h1 className="h3 mb-3">Overzicht {year}</h1>
      {dashboard.isPending && <LoadingLine />}
      <ErrorAlert message={dashboard.isError ? 'Niet gelukt om het overzicht op te halen. Probeer opnieuw.' : null} />
      {dashboard.data && <Dashboard year={year} data={dashboard.data} />}
    </>
  );
}

function Dashboard({ year, data }: { year: number; data: DashboardAnswer }) {
  const periodName = new Map(data.periods.map((p) => [p.periodId, p.name]));
  return (
    <>
      <Occupancy year={year} data={data} />
      <Bookings year={year} data={data} />
      <Money year={year} data={data} periodName={periodName} />
      <Discounts year={year} data={data} />
      <SectionCard title="Annulaties">
        <FiguresTable
          headings={['Periode', 'Aantal', 'Te betalen', 'Betaald']}
          rows={data.cancellations.map((c) => {
            const list = paths.subscriptionOverview(year, { periodId: c.periodId, cancelledOnly: true });
            return {
              key: c.periodId,
              heading: periodName.get(c.periodId),
              figures: [
                <Link to={list}>{c.count}</Link>,
                <Link to={list}>{euro(c.amountToPayCents)}</Link>,
                <Link to={list}>{euro(c.paidCents)}</Link>,
              ],
            };
          })}
          testId="cancellations"
        />
        {data.cancellations.length === 0 && <p className="mb-0 text-body-secondary">Geen annulaties.</p>}
      </SectionCard>
    </>
  );
}

/** How full a cell is, in words and colour: the words carry it in black and white and for screen readers. */
function fill(taken: number, available: number): { className: string; word: string } {
  if (available > 0 && taken >= available) return { className: 'bg-danger-subtle text-danger-emphasis fw-bold', word: 'volzet' };
  const ratio = available > 0 ? taken / available : 0;
  if (ratio >= 0.75) return { className: 'bg-warning-subtle', word: 'bijna vol' };
  if (ratio > 0) return { className: 'bg-success-subtle', word: '' };
  return { className: '', word: 'leeg' };
}

function Occupancy({ year, data }: { year: number; data: DashboardAnswer }) {
  const cell = (periodId: number, locationId: number) => data.occupancy.find((c) => c.periodId === periodId && c.locationId === locationId);
  return (
    <SectionCard title="Bezetting">
      {/* Periods down, locations across: a season has many periods and few locations, so the table fits a 1366 px screen (issue 39). */}
      <Table bordered size="sm" responsive className="mb-0" data-testid="occupancy">
        <thead>
          <tr>
            <th scope="col">Periode</th>
            {data.locations.map((l) => (
              <th key={l.locationId} scope="col">
                {l.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.periods.map((p) => (
            <tr key={p.periodId}>
              <th scope="row">
                {p.name}
                <div className="small fw-normal text-body-secondary text-nowrap">
                  {formatDate(p.startDate)} - {formatDate(p.endDate)}
                </div>
              </th>
              {data.locations.map((l) => {
                const here = cell(p.periodId, l.locationId);
                if (!here) return <td key={l.locationId} />;
                const taken = here.camps.reduce((sum, c) => sum + c.taken, 0);
                const available = here.camps.reduce((sum, c) => sum + c.available, 0);
                const state = fill(taken, available);
                return (
                  <td key={l.locationId} className={state.className}>
                    <Link to={paths.camps(year, { locationId: l.locationId, periodId: p.periodId })} className="d-block text-reset">
                      {here.camps.map((c) => (
                        <div key={c.campId} className="small">
                          {c.themeName} ({c.agegroupName}): {c.taken}/{c.available}
                          {c.waiting > 0 && `, wachtlijst: ${c.waiting}`}
                        </div>
                      ))}
                      {state.word && <div className="small">{state.word}</div>}
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
      {data.periods.length === 0 && <p className="mb-0 text-body-secondary">Geen kampen in {year}.</p>}
    </SectionCard>
  );
}

/** A chart and, for screen readers and print, the same figures as a table. */
function ChartWithTable({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className="mb-0">
      <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
        {chart}
      </div>
      <details className="mt-2">
        <summary>{title} als tabel</summary>
        {table}
      </details>
    </figure>
  );
}

/** A week's figure links to the list of the bookings it counts: that season's overview filtered on the week's booking days. */
function WeekFigure({ count, campYear, booked }: { count: number; campYear: number; booked: { from: string; to: string } | null }) {
  if (!booked) return <>{count}</>;
  return <Link to={paths.subscriptionOverview(campYear, { bookedFrom: booked.from, bookedTo: booked.to })}>{count}</Link>;
}

function Bookings({ year, data }: { year: number; data: DashboardAnswer }) {
  const weeks = data.bookingsByWeek.map((w) => ({
    ...w,
    label: w.weeksBeforeSeason >= 0 ? `-${w.weeksBeforeSeason}` : `+${-w.weeksBeforeSeason}`,
  }));
  return (
    <SectionCard title="Inschrijvingen in de tijd">
      <ChartWithTable
        title="Inschrijvingen per week"
        chart={
          <ResponsiveContainer>
            <LineChart data={weeks} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" label={{ value: 'weken voor het seizoen', position: 'insideBottom', offset: -4 }} height={40} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend verticalAlign="top" />
              <Line type="monotone" dataKey="thisYear" name={String(year)} stroke="#0d6efd" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="lastYear" name={String(year - 1)} stroke="#6c757d" strokeDasharray="6 4" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        }
        table={
          <FiguresTable
            headings={['Weken voor het seizoen', year, year - 1]}
            rows={weeks.map((w) => ({
              key: w.weeksBeforeSeason,
              heading: w.label,
              figures: [
                <WeekFigure count={w.thisYear} campYear={year} booked={w.thisYearBooked} />,
                <WeekFigure count={w.lastYear} campYear={year - 1} booked={w.lastYearBooked} />,
              ],
            }))}
            className=""
            testId="bookings"
          />
        }
      />
      <h3 className="h6 mt-3">Per herkomst</h3>
      <FiguresTable
        headings={['Ingeschreven via', year, year - 1]}
        rows={data.bookingsBySource.map((s) => ({
          key: s.source,
          heading: subscriptionSourceLabels[s.source],
          figures: [
            <Link to={paths.subscriptionOverview(year, { source: s.source })}>{s.thisYear}</Link>,
            <Link to={paths.subscriptionOverview(year - 1, { source: s.source })}>{s.lastYear}</Link>,
          ],
        }))}
        testId="bookings-by-source"
      />
    </SectionCard>
  );
}

/** The money figures; 'Te veel betaald' is exactly the subscriptions with that payment status. */
const MONEY_ROWS = [
  { key: 'toPay', label: 'Te betalen', paymentStatus: undefined },
  { key: 'paid', label: 'Betaald', paymentStatus: undefined },
  { key: 'open', label: 'Openstaand', paymentStatus: undefined },
  { key: 'overpaid', label: 'Te veel betaald', paymentStatus: 'PAID-TO-MUCH' },
] as const;

function Money({ year, data, periodName }: { year: number; data: DashboardAnswer; periodName: Map<number, string> }) {
  const methods = usePaymentMethods();
  const methodList = [...(methods.data ?? [])].sort((a, b) => compareDutch(a.PAYMENTMETHOD_DESCRIPTION, b.PAYMENTMETHOD_DESCRIPTION));
  const cents = (split: MoneySplitCents, methodId: number) => split.byMethod.find((m) => m.paymentMethodId === methodId)?.cents ?? 0;
  const bars = data.money.byPeriod.map((p) => ({
    name: periodName.get(p.periodId) ?? '',
    periodId: p.periodId,
    paid: centsToEuro(p.paid.totalCents),
    open: centsToEuro(p.open.totalCents),
  }));
  return (
    <SectionCard title="Geld">
      <FiguresTable
        headings={['', ...methodList.map((m) => m.PAYMENTMETHOD_DESCRIPTION), 'Totaal']}
        rows={MONEY_ROWS.map(({ key, label, paymentStatus }) => ({
          key,
          heading: label,
          figures: [
            ...methodList.map((m) => (
              <Link to={paths.subscriptionOverview(year, { paymentMethodId: m.PAYMENTMETHOD_ID, paymentStatus })}>
                {euro(cents(data.money[key], m.PAYMENTMETHOD_ID))}
              </Link>
            )),
            <Link to={paths.subscriptionOverview(year, { paymentStatus })} className="fw-bold">
              {euro(data.money[key].totalCents)}
            </Link>,
          ],
        }))}
        strongRowHeadings
        className=""
        testId="money"
      />
      <ChartWithTable
        title="Geld per periode"
        chart={
          <ResponsiveContainer>
            <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis />
              <Tooltip formatter={(value: number) => formatEuro(value)} />
              <Legend verticalAlign="top" />
              <Bar dataKey="paid" name="Betaald" stackId="money" fill="#198754" />
              <Bar dataKey="open" name="Openstaand" stackId="money" fill="#ffc107" stroke="#000" strokeDasharray="4 2" />
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <FiguresTable
            headings={['Periode', 'Betaald', 'Openstaand']}
            rows={data.money.byPeriod.map((p) => {
              const list = paths.subscriptionOverview(year, { periodId: p.periodId });
              return {
                key: p.periodId,
                heading: <Link to={list}>{periodName.get(p.periodId)}</Link>,
                figures: [<Link to={list}>{euro(p.paid.totalCents)}</Link>, <Link to={list}>{euro(p.open.totalCents)}</Link>],
              };
            })}
            className=""
          />
        }
      />
    </SectionCard>
  );
}

function Discounts({ year, data }: { year: number; data: DashboardAnswer }) {
  const locationName = new Map(data.locations.map((l) => [l.locationId, l.name]));
  return (
    <SectionCard title="Kortingen per reden">
      <div className="mb-2">
        <DownloadMenu
          id="discounts-export"
          label="Exporteren (Excel)"
          choices={spreadsheetChoices('exportDiscountsByReason', { campYear: year })}
        />
      </div>
      <FiguresTable
        headings={['Reden', 'Aantal', 'Bedrag']}
        labelHeadings={['Locatie']}
        rows={data.discountsByReason.map((d) => {
          // The subscriptions of this location with a discount of this reason: the list counts them and sums the amount.
          const list = paths.subscriptionOverview(year, { locationId: d.locationId, discountReason: d.reason });
          return {
            key: `${d.reason}|${d.locationId}`,
            heading: d.reason,
            labels: [<Link to={paths.subscriptionOverview(year, { locationId: d.locationId })}>{locationName.get(d.locationId)}</Link>],
            figures: [<Link to={list}>{d.count}</Link>, <Link to={list}>{euro(d.amountCents)}</Link>],
          };
        })}
        testId="discounts"
      />
    </SectionCard>
  );
}
