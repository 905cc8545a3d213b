import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '@/i18n';

// CI runs every suite at once on two cores: `findBy…`/`waitFor` get more than the 1 s default
// before they call a slow render a failure (a real failure still fails, only later).
configure({ asyncUtilTimeout: 5_000 });

// Every test starts in the source language, whatever the machine's locale says.
beforeEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

// Vitest globals are off, so Testing Library cannot register its automatic cleanup by itself.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.remove('dark');
});
