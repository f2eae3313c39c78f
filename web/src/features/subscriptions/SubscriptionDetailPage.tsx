/** Placeholder until this screen's issue lands. */
export default function SubscriptionDetailPage() {
  return <h1 className="h3">SubscriptionDetailPage</h1>;
}
