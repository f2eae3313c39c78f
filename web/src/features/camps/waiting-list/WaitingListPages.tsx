import { useLocation } from 'react-router';
import { parseRecordId } from '@common/record-id.js';
import WaitingListPage from './WaitingListPage.js';
import WaitingListsPage from './WaitingListsPage.js';

/**
 * The waiting lists (issue 34), behind the camps overview's module in the route table (its chunk loads them):
 * /wachtlijst lists the year's full camps, /wachtlijst/{CAMP_ID} is one camp's list (afresh for every camp).
 */
export default function WaitingListPages() {
  const { pathname } = useLocation();
  if (pathname === '/wachtlijst') return <WaitingListsPage />;
  const id = pathname.slice('/wachtlijst/'.length);
  return <WaitingListPage key={id} campId={parseRecordId(id)} />;
}
