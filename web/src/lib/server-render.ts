/** Whether this render runs on the server, for the first frame of a page (ssr/overview-frame.tsx): there is no window. */
export const renderedOnServer = typeof window === 'undefined';

/**
 * The screen the server renders a page's first frame for: a tall one (full HD), so the rows it sends fill what a
 * browser shows at once; the app then renders the rows of the real window.
 */
export const SERVER_VIEWPORT = { width: 1920, height: 1080 };
