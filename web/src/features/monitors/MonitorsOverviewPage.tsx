/** Placeholder until this screen's issue lands. */
export default function MonitorsOverviewPage() {
  return <h1 className="h3">MonitorsOverviewPage</h1>;
}
