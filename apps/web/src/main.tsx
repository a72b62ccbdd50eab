import { createClient } from '@wharf/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

// Same-origin API: the server serves this app, and Vite's dev server proxies the API paths.
const client = createClient({ credentials: 'same-origin' });
const queryClient = createQueryClient();
const router = createAppRouter({ context: { queryClient, client } });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} client={client} />
  </StrictMode>,
);
