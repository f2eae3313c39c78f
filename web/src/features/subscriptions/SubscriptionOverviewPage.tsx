/** Placeholder until this screen's issue lands. */
export default function SubscriptionOverviewPage() {
  return <h1 className="h3">SubscriptionOverviewPage</h1>;
}
