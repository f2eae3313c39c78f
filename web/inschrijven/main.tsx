import { createRoot } from 'react-dom/client';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { App, loadCamps } from './App.js';
import { CAMPS_ANSWER_ID } from './CampList.js';
import './styles.css';

/**
 * The answer the server drew the camp list from, which it puts in the page after the list
 * (server/src/features/public/page.tsx); null when the page came without its camps.
 */
function campsInPage(): PublicCampsAnswer | null {
  const block = document.getElementById(CAMPS_ANSWER_ID);
  return block?.textContent ? (JSON.parse(block.textContent) as PublicCampsAnswer) : null;
}

// The server drew the camp list into the page: it stays as it is until the site draws the same list over it, from the
// same answer, so that nothing flickers in between. The site takes over in the task after the frame that shows the
// drawn list, so that a phone's slow CPU paints the list first (bench section 9); a page opened in a background tab
// draws no frames, and takes over at once.
const root = createRoot(document.getElementById('root')!);
function start() {
  const camps = campsInPage();
  if (camps) root.render(<App initialCamps={camps} />);
  else
    loadCamps().then(
      (answer) => root.render(<App initialCamps={answer} />),
      () => root.render(<App initialCamps={null} />),
    );
}
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
