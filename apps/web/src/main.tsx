import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n';
import { Providers } from './app/providers';
import { createQueryClient, installFocusThrottle } from './app/query-client';
import { createAppRouter } from './app/router';
import { runStartup } from './app/startup';
import {
  availabilityFromShell,
  toolAvailabilityKey,
  toolAvailabilityQuery,
} from './lib/tool-availability';
import './components/styles/base.css';
import './components/styles/buttons.css';
import './components/styles/shell.css';
import './components/styles/cards.css';
import './components/styles/placeholders.css';
import './components/styles/icons.css';

/**
 * Marks the moment the app has replaced the prerendered first screen (build/prerender.ts): the
 * root loses `data-first-screen`, which the shell's root carries until then (browser flows wait
 * for it before clicking: the first screen's buttons do nothing before the app runs).
 */
const Started = () => {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('data-first-screen'), []);
  return null;
};

// Redirect rules run before the router reads the address, so the wrong screen never flashes.
if (runStartup()) {
  installFocusThrottle();
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const client = createQueryClient();
  // Which tools can run now: the home's hero, the tool lists, every tool page (its notice and
  // start button) and the footer ask it first thing, so the question leaves with the scripts
  // rather than after the first render. A tool page's shell brings the answer along.
  const given = availabilityFromShell();
  if (given) client.setQueryData(toolAvailabilityKey, given);
  else if (!location.pathname.startsWith('/admin')) {
    void client.prefetchQuery(toolAvailabilityQuery());
  }
  const render = (router: ReturnType<typeof createAppRouter>) =>
    createRoot(container).render(
      <StrictMode>
        <Providers client={client}>
          <Started />
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  if (container.firstElementChild) {
    // The shell holds the screen's first view, prerendered at build time (build/prerender.ts),
    // so nothing is in a hurry: the router is made in a task of its own, and the app's first
    // render, which replaces that view, waits for the router's first match (it must be the
    // screen itself, not the boot screen shown while the route's chunk loads) and runs as a
    // transition, in slices that leave the page responsive.
    setTimeout(() => {
      const router = createAppRouter();
      const start = () => startTransition(() => render(router));
      if (router.state.initialized) start();
      else {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          start();
        });
      }
    }, 0);
  } else render(createAppRouter());
}
