/** Placeholder until this screen's issue lands. */
export default function MonitorDetailPage() {
  return <h1 className="h3">MonitorDetailPage</h1>;
}
