/**
 * The pages a role may open and where the app opens for it: derived from the record policies
 * (common/src/policies.ts, `pages`), the same policies the server's calls check, so no role rule is written
 * twice. The server refuses the calls behind any other page anyway; this keeps the screens from offering them.
 */
export { homePath, pageAllowed } from '@common/policies.js';
