/**
 * The full navigation bar's code (links, menus, collapse) comes with the first signed-in screen: /login shows only the
 * brand. In a module of its own, without React, so that the app's start (web/src/boot/) can ask it before React's code
 * has run.
 */
export const loadSignedInNavbar = () => import('./SignedInNavbar.js');

/** Starts loading the signed-in bar ahead of need: with a stored sign-in at start (web/src/boot/), and when signing in. */
export function preloadSignedInNavbar() {
  void loadSignedInNavbar();
}
