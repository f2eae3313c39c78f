/** Placeholder until this screen's issue lands. */
export default function ThemesOverviewPage() {
  return <h1 className="h3">ThemesOverviewPage</h1>;
}
