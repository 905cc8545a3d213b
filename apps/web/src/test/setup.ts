import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '@/i18n';

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
