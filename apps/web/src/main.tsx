import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyBootData, takeBootData } from './app/boot';
import { createAppRouter } from './app/router';
import { createServices } from './app/services';
import { nextTask } from './scheduling';

/**
 * Starts the console, each step a task of its own after the modules' own evaluation (src/scheduling.ts).
 * A function rather than top-level `await`: the bundler splits a module graph with top-level await
 * into extra chunks (a request each).
 */
async function start() {
  // Same-origin API: the server serves this app, and Vite's dev server proxies the API paths.
  const services = createServices();
  const boot = takeBootData();
  if (boot) applyBootData(services, boot, window.location.search);
  await nextTask();
  const router = createAppRouter({ context: services.context });
  services.connect(router);
  await nextTask();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={services.queryClient} client={services.client} />
    </StrictMode>,
  );
}

void start();
