import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicCamp, PublicCampsAnswer, PublicFamily } from '@common/schemas/public.js';
import { api, ApiError, familyToken, newIdempotencyKey, setUnauthorizedHandler } from './api.js';
import { SignIn, SignUp } from './Account.js';
import { Basket } from './Basket.js';
import { Confirmation, MyBookings } from './Bookings.js';
import { CampList } from './CampList.js';
import { Family } from './Family.js';
import { OfferPage } from './Waiting.js';
import { Message } from './fields.js';
import { Shell, type Route } from './Shell.js';
import {
  basketStore,
  confirmationStore,
  offerStore,
  pendingConfirmStore,
  voucherFromAddress,
  voucherStore,
  type BasketItem,
  type Confirmation as ConfirmationData,
} from './state.js';

const ROUTES: Route[] = ['kampen', 'aanmelden', 'account-maken', 'gezin', 'mand', 'bevestiging', 'inschrijvingen', 'aanbod'];
const TITLES: Record<Route, string> = {
  kampen: 'Kampen',
  aanmelden: 'Aanmelden',
  'account-maken': 'Account maken',
  gezin: 'Mijn gezin',
  mand: 'Mijn mand',
  bevestiging: 'Bevestiging',
  inschrijvingen: 'Mijn inschrijvingen',
  aanbod: 'Aanbod van de wachtlijst',
};
/** The screens a family must be signed in for. */
const SIGNED_IN: Route[] = ['gezin', 'mand', 'inschrijvingen'];

const routeOf = (hash: string): Route => {
  // '#/gezin/fiche/12' is 'Mijn gezin' with a child's safety sheet open (sheetChildOf).
  const name = hash.replace(/^#\/?/, '').split('/')[0] as Route;
  return ROUTES.includes(name) ? name : 'kampen';
};
/** The child whose safety sheet '#/gezin/fiche/<CHILD_ID>' opens on 'Mijn gezin' ('Mijn inschrijvingen' links there). */
const sheetChildOf = (hash: string): number | null => {
  const match = /^#\/gezin\/fiche\/(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
};
const go = (route: Route) => {
  location.hash = route === 'kampen' ? '#/' : `#/${route}`;
};

/**
 * The camps of the current camp year and the next, in one answer. The page carries the answer its list was drawn from
 * (main.tsx), so the site asks for it only after a booking and when the page came without it (docs/decisions.md, 'The
 * public site's first paint').
 */
export const loadCamps = (): Promise<PublicCampsAnswer> => api('getPublicCamps');

/** The mail links' fragments: '#aanmelden=<token>' signs in once, '#bevestig=<token>' confirms the e-mail address. */
function linkFromAddress(): { kind: 'aanmelden' | 'bevestig'; token: string } | null {
  const match = /^#(aanmelden|bevestig)=([A-Za-z0-9_-]+)$/.exec(location.hash);
  return match ? { kind: match[1] as 'aanmelden' | 'bevestig', token: match[2]! } : null;
}

/** An offer mail's link (`#aanbod=<token>`, issue 34): kept for the tab, the address becomes '#/aanbod'. */
function offerFromAddress(): boolean {
  const match = /^#aanbod=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match) return false;
  offerStore.write(match[1]!);
  history.replaceState(null, '', `${location.pathname}${location.search}#/aanbod`);
  return true;
}

/** The parents' booking site (issue 40). */
export function App(props: { initialCamps: PublicCampsAnswer | null }) {
  const [route, setRoute] = useState<Route>(() => (offerFromAddress() ? 'aanbod' : routeOf(location.hash)));
  // Signing in to take an offer: back to the offer afterwards.
  const [backToOffer, setBackToOffer] = useState(false);
  const [camps, setCamps] = useState<PublicCampsAnswer | null>(props.initialCamps);
  const [campsError, setCampsError] = useState<string | null>(null);
  const [family, setFamily] = useState<PublicFamily | null>(null);
  const [signedIn, setSignedIn] = useState(() => familyToken.get() !== null);
  const [basket, setBasketState] = useState<BasketItem[]>(() => basketStore.read() ?? []);
  const [voucher, setVoucher] = useState(() => {
    const fromLink = voucherFromAddress();
    if (fromLink) voucherStore.write(fromLink);
    return fromLink ?? voucherStore.read();
  });
  const [confirmation, setConfirmation] = useState<ConfirmationData | null>(() => confirmationStore.read());
  // A message for one screen: it shows while that screen does (a hash change arrives after it is set).
  const [notice, setNoticeState] = useState<{ kind: 'error' | 'notice'; text: string; at: Route } | null>(null);
  const setNotice = (value: { kind: 'error' | 'notice'; text: string; at?: Route }) =>
    setNoticeState({ ...value, at: value.at ?? routeOf(location.hash) });
  const heading = useRef<HTMLElement | null>(null);

  const setBasket = (items: BasketItem[]) => {
    basketStore.write(items);
    setBasketState(items);
  };

  const loadFamily = useCallback(async () => {
    if (!familyToken.get()) return setFamily(null);
    try {
      setFamily(await api('getFamily'));
    } catch (e) {
      if ((e as ApiError).status === 401) return;
      setNotice({ kind: 'error', text: (e as ApiError).message });
    }
  }, []);

  const signOut = useCallback((text: string | null, at: Route) => {
    familyToken.clear();
    setSignedIn(false);
    setFamily(null);
    if (text) setNoticeState({ kind: 'notice', text, at });
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => signOut('Uw aanmelding is verlopen. Meld u opnieuw aan.', routeOf(location.hash)));
    const onHash = () => {
      if (offerFromAddress()) return setRoute('aanbod');
      const link = linkFromAddress();
      if (link) return void followLink(link);
      setRoute(routeOf(location.hash));
    };
    window.addEventListener('hashchange', onHash);
    if (!camps)
      loadCamps()
        .then(setCamps)
        .catch((e: ApiError) => setCampsError(e.message));
    const link = linkFromAddress();
    if (link) void followLink(link);
    else void loadFamily();
    return () => window.removeEventListener('hashchange', onHash);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A mailed link: sign in with it, or confirm the address (after signing in, when signed out). */
  async function followLink(link: { kind: 'aanmelden' | 'bevestig'; token: string }) {
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    try {
      if (link.kind === 'aanmelden') {
        familyToken.set((await api('signInWithLink', { token: link.token })).token);
        setSignedIn(true);
        await loadFamily();
        go('gezin');
        setNotice({ kind: 'notice', text: 'U bent aangemeld.', at: 'gezin' });
      } else if (!familyToken.get()) {
        pendingConfirmStore.write(link.token);
        go('aanmelden');
        setNotice({ kind: 'notice', text: 'Meld u aan om uw e-mailadres te bevestigen.', at: 'aanmelden' });
      } else {
        setFamily(await api('confirmEmail', { token: link.token }));
        go('gezin');
        setNotice({ kind: 'notice', text: 'Uw e-mailadres is bevestigd.', at: 'gezin' });
      }
    } catch (e) {
      const at = link.kind === 'aanmelden' || !familyToken.get() ? 'aanmelden' : 'gezin';
      go(at);
      setNotice({ kind: 'error', text: (e as ApiError).message, at });
      void loadFamily();
    }
  }

  async function afterSignIn() {
    setSignedIn(true);
    const pending = pendingConfirmStore.read();
    pendingConfirmStore.write(null);
    let confirmed = false;
    if (pending) {
      try {
        setFamily(await api('confirmEmail', { token: pending }));
        confirmed = true;
      } catch (e) {
        setNotice({ kind: 'error', text: (e as ApiError).message, at: 'gezin' });
      }
    }
    const current = confirmed ? null : await api('getFamily').catch(() => null);
    if (current) setFamily(current);
    const children = (current ?? family)?.CHILDREN.length ?? 0;
    const next = backToOffer ? 'aanbod' : children === 0 ? 'gezin' : basket.length > 0 ? 'mand' : 'kampen';
    setBackToOffer(false);
    go(next);
    if (confirmed) setNotice({ kind: 'notice', text: 'Uw e-mailadres is bevestigd.', at: next });
  }

  // Focus the page's heading on every screen change, and name the page, so a screen reader hears where it is.
  useEffect(() => {
    document.title = `${TITLES[route]} · ${camps?.ORGANISER_NAME ?? 'Inschrijven'}`;
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (h1 && h1 !== heading.current) {
      heading.current = h1;
      h1.focus();
    }
  });

  function addToBasket(camp: PublicCamp) {
    setBasket([...basket, { key: newIdempotencyKey(), CAMP_ID: camp.CAMP_ID, CHILD_ID: null, days: [] }]);
    go('mand');
  }

  const needsSignIn = SIGNED_IN.includes(route) && !signedIn;
  let page;
  if (!camps) page = campsError ? <Message kind="error">{campsError}</Message> : <p role="status">De kampen worden geladen...</p>;
  else if (needsSignIn || route === 'aanmelden')
    page = signedIn ? (
      <p>
        U bent aangemeld. <a href="#/">Naar de kampen</a>
      </p>
    ) : (
      <SignIn
        onSignedIn={() => void afterSignIn()}
        reason={
          route === 'mand'
            ? 'Meld u aan of maak een account om te boeken. Uw mand blijft bewaard.'
            : route === 'aanmelden'
              ? null
              : 'Meld u eerst aan.'
        }
      />
    );
  else if (route === 'account-maken') page = <SignUp onSignedIn={() => void afterSignIn()} />;
  else if (SIGNED_IN.includes(route) && !family) page = <p role="status">Uw gegevens worden geladen...</p>;
  else if (route === 'gezin')
    page = (
      <Family
        family={family!}
        onChanged={loadFamily}
        goBasket={basket.length > 0 ? () => go('mand') : null}
        sheetOf={sheetChildOf(location.hash)}
      />
    );
  else if (route === 'mand')
    page = (
      <Basket
        camps={camps.CAMPS}
        lunchPreferences={camps.LUNCH_PREFERENCES}
        family={family!}
        items={basket}
        setItems={setBasket}
        voucher={voucher}
        onBooked={(data) => {
          confirmationStore.write(data);
          setConfirmation(data);
          setBasket([]);
          if (voucher && data.lines.some((l) => l.camp.CAMP_ID === voucher.campId)) {
            voucherStore.write(null);
            setVoucher(null);
          }
          go('bevestiging');
          void loadCamps().then(setCamps);
        }}
        onRefused={() => void loadCamps().then(setCamps)}
      />
    );
  else if (route === 'bevestiging') page = <Confirmation data={confirmation} camps={camps.CAMPS} />;
  else if (route === 'inschrijvingen') page = <MyBookings camps={camps.CAMPS} organiser={camps.ORGANISER_NAME} kids={family!.CHILDREN} />;
  else if (route === 'aanbod')
    page = (
      <OfferPage
        token={offerStore.read()}
        signedIn={signedIn}
        camps={camps.CAMPS}
        onSignInFirst={() => {
          setBackToOffer(true);
          go('aanmelden');
          setNotice({ kind: 'notice', text: 'Meld u aan om de plaats aan te nemen.', at: 'aanmelden' });
        }}
        onAccepted={(data) => {
          offerStore.write(null);
          void loadCamps().then(setCamps);
          if (!data) {
            go('inschrijvingen');
            return setNotice({ kind: 'notice', text: 'U heeft de plaats aangenomen.', at: 'inschrijvingen' });
          }
          confirmationStore.write(data);
          setConfirmation(data);
          go('bevestiging');
        }}
      />
    );
  else
    page = (
      <CampList
        camps={camps.CAMPS}
        voucher={voucher}
        family={family}
        signedIn={signedIn}
        inBasket={(campId) => basket.filter((i) => i.CAMP_ID === campId).length}
        onAdd={addToBasket}
      />
    );

  return (
    <Shell
      organiser={camps && { name: camps.ORGANISER_NAME, logoUrl: camps.ORGANISER_LOGO_URL }}
      route={route}
      basketCount={basket.length}
      signedIn={signedIn}
      onSignOut={() => {
        void api('signOut').catch(() => undefined);
        signOut('U bent afgemeld.', 'kampen');
        go('kampen');
      }}
    >
      {notice?.at === route && <Message kind={notice.kind}>{notice.text}</Message>}
      {page}
    </Shell>
  );
}
