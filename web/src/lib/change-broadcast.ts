/**
 * Changes saved in one tab reach the other tabs of this browser at once (issue 12 point 7): the API client
 * announces every successful call that changes data, and every other tab marks its cached answers stale, so the
 * lists and details it shows reload. A tab never hears its own announcements (BroadcastChannel skips the sender).
 */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kampbeheer.changes');

/** Said by the API client after a call that changed data, with the call's name. */
export function announceChange(callName: string) {
  channel?.postMessage({ callName });
}

/** Runs `listener` whenever another tab of this browser changed data; answers the function that stops listening. */
export function onChangeInOtherTab(listener: (callName: string) => void): () => void {
  if (!channel) return () => {};
  const handle = (event: MessageEvent<{ callName?: unknown }>) => listener(String(event.data?.callName ?? ''));
  channel.addEventListener('message', handle);
  return () => channel.removeEventListener('message', handle);
}
