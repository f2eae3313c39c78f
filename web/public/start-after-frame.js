/* global document, requestAnimationFrame, setTimeout */
// A page the server sent with its first frame (server/src/plugins/overview-page.ts) starts the app, whose entry is
// this element's data-entry, once the browser has drawn that frame: run before it, the app's code holds it back.
{
  const entry = document.currentScript.dataset.entry;
  const start = () => import(entry);
  // A hidden page draws no frames.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
}
