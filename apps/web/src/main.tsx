import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { queryClient } from './app/query-client.ts';
import { tokenStore } from './lib/api-client.ts';
import { whoamiQueryOptions } from './lib/auth.ts';
import { bootstrapSession } from './lib/session.ts';
import './index.css';

// DESIGN.md section 23: a signed-in page's first paint waits for the load-time refresh and then
// who-am-I. Both start here, as the entry runs, beside the catalogue and the page's chunks (the
// router starts those as it is created), instead of once the components that need them render.
void bootstrapSession().then(() => {
  if (tokenStore.get() !== null) void queryClient.prefetchQuery(whoamiQueryOptions);
});

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
