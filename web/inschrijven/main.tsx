import { createRoot } from 'react-dom/client';
import { App, loadCamps } from './App.js';
import './styles.css';

// The server drew the camp list into the page (server/src/features/public/page.tsx): it stays as it is until the site
// has the camps (the request the page preloads) and draws the same list over it, so that nothing flickers in between.
const root = createRoot(document.getElementById('root')!);
loadCamps().then(
  (camps) => root.render(<App initialCamps={camps} />),
  () => root.render(<App initialCamps={null} />),
);
