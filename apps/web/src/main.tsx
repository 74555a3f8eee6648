import 'bootstrap/dist/css/bootstrap.min.css';
import './app/bengali-font.css';
import './app/styles.css';
import { afterFirstContentfulPaint } from './app/after-first-paint.ts';
import { registerServiceWorkerAfterLoad } from './app/service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.hasChildNodes()) {
  // A page prerendered at build time is complete without scripts: let the browser show it first,
  // then load the app and hydrate, so the scripts never stand between the visitor and the page.
  void afterFirstContentfulPaint()
    .then(() => import('./app/start.tsx'))
    .then(({ hydratePage }) => hydratePage(container));
} else {
  void import('./app/start.tsx').then(({ render }) => render(container));
}

registerServiceWorkerAfterLoad();
