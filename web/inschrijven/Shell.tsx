import type { ReactNode } from 'react';

export type Route = 'kampen' | 'aanmelden' | 'account-maken' | 'gezin' | 'mand' | 'bevestiging' | 'inschrijvingen' | 'aanbod';

/**
 * The page around every screen: the skip link, the header with the organiser's logo or name and the menu, and the
 * screen. The server draws it with the camp list into the page (server/src/features/public/page.tsx) as the site
 * draws it for a family that has not signed in and has an empty basket.
 */
export function Shell(props: {
  organiser: { name: string; logoUrl: string | null } | null;
  route: Route;
  basketCount: number;
  signedIn: boolean;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const { organiser, route, basketCount, signedIn } = props;
  const link = (to: Route, text: string) => (
    <a href={to === 'kampen' ? '#/' : `#/${to}`} aria-current={route === to ? 'page' : undefined}>
      {text}
    </a>
  );
  return (
    <>
      <a className="skip" href="#main">
        Naar de inhoud
      </a>
      <header>
        <p className="brand">
          {organiser?.logoUrl ? <img className="logo" src={organiser.logoUrl} alt={organiser.name} /> : (organiser?.name ?? 'Inschrijven')}
        </p>
        <nav aria-label="Hoofdmenu">
          {link('kampen', 'Kampen')}
          {link('mand', basketCount > 0 ? `Mijn mand (${basketCount})` : 'Mijn mand')}
          {signedIn && link('gezin', 'Mijn gezin')}
          {signedIn && link('inschrijvingen', 'Mijn inschrijvingen')}
          {signedIn ? (
            <button type="button" className="link" onClick={props.onSignOut}>
              Afmelden
            </button>
          ) : (
            link('aanmelden', 'Aanmelden')
          )}
        </nav>
      </header>
      <main id="main">{props.children}</main>
    </>
  );
}
