import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { endExpiredSession } from '@/features/auth/utils/session';
import { prefetchStoredSession } from '@/features/auth/utils/session-query';
import { languageReady } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import '@/styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A stored session that has expired ends first: the visit is then a signed-out one. While the
// language's words download, a live one's check starts, and the router starts fetching the first
// screen's code (and, for the board, its data).
endExpiredSession();
prefetchStoredSession(queryClient);
const router = createAppRouter(queryClient);

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );

// Words that fail to arrive (a network error) still let the app start: it shows the keys, and the
// screen's own error handling takes it from there.
languageReady.then(render, render);
