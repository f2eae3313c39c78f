/** The loading indicator: one line of text. */
export function LoadingLine({ text = 'Laden...' }: { text?: string }) {
  return (
    <p className="text-muted my-2" role="status">
      {text}
    </p>
  );
}
