// npm start: builds the web app when its sources are newer than the build, then serves web app and API on one port.
import { buildWeb, webBuildIsStale } from './web-build.js';

if (webBuildIsStale()) {
  console.log('Web-app bouwen…');
  buildWeb();
}
await import('../server/src/server.js');
