import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/i18n';
import '@/i18n/all-languages';
import { stubApi } from './api-stub';

// CI runs every suite at once on two cores: `findBy…`/`waitFor` get more than the 1 s default
// before they call a slow render a failure (a real failure still fails, only later).
configure({ asyncUtilTimeout: 5_000 });

// Every test starts in the source language, whatever the machine's locale says.
beforeEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

// No component test reaches the network: until a test stubs the calls it expects, every request
// gets the API's own 404 (jsdom would otherwise send it to a localhost that does not exist).
beforeEach(() => {
  stubApi({});
});

// What any test may have changed is put back here, once, rather than in each file: the DOM
// (Vitest globals are off, so Testing Library cannot register its own cleanup), stubbed globals
// such as `fetch` (test/api-stub.ts), spies, fake timers, browser storage, the theme class, and
// the toasts (sonner keeps them in its module, which the files of a worker share: a toast left
// over would show in the next file's toaster).
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.remove('dark');
});
