/// <reference types="node" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Standalone rather than merged with vite.config.ts: Vite's config loader warns on an extensionless
// import of another config file, and tests need only the JSX transform and the `@/` alias.
export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Generous for the same reason as asyncUtilTimeout in the setup file: a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});
