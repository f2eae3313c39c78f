import { formatEuro } from '@common/money.js';

/** An amount in euro that never wraps between '€' and the number (issue 39: tables at 1366 px). */
export function Money({ euro }: { euro: number }) {
  return <span className="text-nowrap">{formatEuro(euro)}</span>;
}
