/** Placeholder until this screen's issue lands. */
export default function ThemeDetailPage() {
  return <h1 className="h3">ThemeDetailPage</h1>;
}
