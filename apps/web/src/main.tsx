import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n';
import { Providers } from './app/providers';
import { createQueryClient, installFocusThrottle } from './app/query-client';
import { createAppRouter } from './app/router';
import { runStartup } from './app/startup';
import './components/styles/base.css';
import './components/styles/buttons.css';
import './components/styles/shell.css';
import './components/styles/cards.css';
import './components/styles/placeholders.css';

// Redirect rules run before the router reads the address, so the wrong screen never flashes.
if (runStartup()) {
  installFocusThrottle();
  initI18n();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
