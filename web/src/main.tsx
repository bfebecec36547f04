import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { listenForInstallPrompt } from './pwa/installPrompt';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// Before the first render: the browser may offer the install prompt as soon as the page loads.
listenForInstallPrompt();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The development server has no service worker; the built app registers it once the page has loaded.
if (import.meta.env.PROD) void registerServiceWorker();
