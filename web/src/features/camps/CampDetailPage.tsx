/** Placeholder until this screen's issue lands. */
export default function CampDetailPage() {
  return <h1 className="h3">CampDetailPage</h1>;
}
