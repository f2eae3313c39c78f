/**
 * Resolves once the browser has drawn its next frame. A screen's first render with its data is synchronous
 * (TanStack Query's store updates render at once), so the reads that render starts in its effects, and their
 * fetches, run before its frame is drawn. Reads that do not make the screen's first content (the lookups of
 * its filters, the whole year behind the overview's first rows) wait for this, so that the rows show first
 * (docs/decisions.md, 'Reads that wait for the first frame'). A hidden page draws no frames: it waits at most
 * 100 ms.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 100);
  });
}
