import { buildWeb, webBuildIsStale } from '../../scripts/web-build.js';

/** Browser tests run against the built web app: build it once when the sources are newer. */
export default function setup() {
  if (webBuildIsStale()) buildWeb();
}
