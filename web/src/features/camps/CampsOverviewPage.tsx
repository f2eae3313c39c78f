/** Placeholder until this screen's issue lands. */
export default function CampsOverviewPage() {
  return <h1 className="h3">CampsOverviewPage</h1>;
}
