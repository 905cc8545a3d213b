import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { prefetchStoredSession } from '@/features/auth/utils/session-query';
import { languageReady } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import '@/styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// While the language's words download: the stored session's check starts, and the router starts
// fetching the first screen's code (and, for the board, its data).
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
