import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { CAMPS_ANSWER_ID, CampList } from '../../../../web/inschrijven/CampList.js';
import { Shell } from '../../../../web/inschrijven/Shell.js';

const nothing = () => undefined;

/** The site's root element in its built index.html (web/inschrijven/index.html), which the camp list fills. */
export const PUBLIC_ROOT = '<div id="root"></div>';

/**
 * An answer as a data block: JSON that the browser never runs (so the content security policy does not govern it),
 * with '<' written as \u003c so that no text of the answer can end the element or open a comment.
 */
const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * The public site's page with its camp list drawn in (issue 40): the site's own components (Shell, CampList) rendered
 * to HTML as a family that has not signed in sees them, from the answer of getPublicCamps (kept by the server:
 * camps-cache.ts), and that answer in a data block after the list, from which the site's script draws the same list
 * over it without asking for it again. A phone shows the first camp as soon as the page is parsed, as a static page
 * would (bench section 9; docs/decisions.md, 'The public site's camps in its page' and 'The public site's first paint').
 */
export function publicPageHtml(template: string, answer: PublicCampsAnswer): string {
  const markup = renderToStaticMarkup(
    <Shell
      organiser={{ name: answer.ORGANISER_NAME, logoUrl: answer.ORGANISER_LOGO_URL }}
      route="kampen"
      basketCount={0}
      signedIn={false}
      onSignOut={nothing}
    >
      <CampList camps={answer.CAMPS} voucher={null} inBasket={() => 0} onAdd={nothing} />
    </Shell>,
  );
  return template.replace(PUBLIC_ROOT, () => `<div id="root">${markup}</div>${dataBlock(CAMPS_ANSWER_ID, answer)}`);
}
