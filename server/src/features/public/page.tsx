import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { CampList } from '../../../../web/inschrijven/CampList.js';
import { Shell } from '../../../../web/inschrijven/Shell.js';

const nothing = () => undefined;

/** The site's root element in its built index.html (web/inschrijven/index.html), which the camp list fills. */
export const PUBLIC_ROOT = '<div id="root"></div>';

/**
 * The public site's page with its camp list drawn in (issue 40): the site's own components (Shell, CampList) rendered
 * to HTML as a family that has not signed in sees them, from the answer of getPublicCamps the site's script then asks
 * for (preloaded, and kept by the server: camps-cache.ts) and draws over it. A phone shows the first camp as soon as
 * the page is parsed, as a static page would (bench section 9; docs/decisions.md, 'The public site's camps in its page').
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
  return template.replace(PUBLIC_ROOT, `<div id="root">${markup}</div>`);
}
