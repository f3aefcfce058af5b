import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { errorInfo, TRPCProvider, trpcClient } from './trpc.js';
// The styles by area, in cascade order (later files may override earlier ones; phone.css's narrow
// screens before the page-specific parts, as they always were).
import './styles/base.css';
import './styles/layout.css';
import './styles/tables.css';
import './styles/values.css';
import './styles/forms.css';
import './styles/messages.css';
import './styles/documents.css';
import './styles/charts.css';
import './styles/sign-in.css';
import './styles/phone.css';
import './styles/pages.css';

const queryClient: QueryClient = new QueryClient({
  // Busy-server answers are retried by the fetch itself (retry-fetch.ts); a lost connection once more.
  defaultOptions: {
    queries: { retry: (failures, err) => failures < 1 && errorInfo(err).code === 'NETWORK', staleTime: 5_000, refetchOnWindowFocus: false },
  },
  // A session that ends while a page is open sends the user back to sign-in.
  queryCache: new QueryCache({
    onError: (err, query) => {
      const isMe = JSON.stringify(query.queryKey[0]) === '["session","me"]';
      if (!isMe && errorInfo(err).code === 'UNAUTHENTICATED') queryClient.invalidateQueries({ queryKey: [['session', 'me']] });
    },
  }),
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <App />
        </TRPCProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
