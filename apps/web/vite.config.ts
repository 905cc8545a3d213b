/// <reference types="node" />
// The config runs in Node, while the app's own code only sees browser globals (tsconfig `types`).
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Libraries most pages need, each in a chunk of its own: their hashes survive a deploy that only
 * changes the app, so returning visitors keep them cached. Everything else (Radix parts, forms,
 * tables, dates) is left to automatic splitting, which puts it next to the lazy routes that use it
 * instead of in the first download.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: 'i18n',
    test: /[\\/]node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
  // Not on every page, but on every form (the login form too): form state.
  { name: 'forms', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
  // Validation, apart: the login form fetches it on first focus, after the page has shown. Not
  // zod/v3, which only the AI SDK imports (the chat sheet's lazy chunk keeps it), nor the form
  // resolvers, which import react-hook-form and go with the forms that use them.
  { name: 'validation', test: /[\\/]node_modules[\\/]zod(?![\\/]v3[\\/])/ },
  // The shared package's zod-free names and limits (statuses, filters, defaults), apart from the
  // schemas: the board uses them, and a chunk shared with a schema module would bring zod along.
  { name: 'constants', test: /[\\/]packages[\\/]shared[\\/]src[\\/]constants[\\/]/ },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside every file, served by apps/api/src/plugins/spa.ts
    // (@fastify/static `preCompressed`) to browsers that accept them.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite[\\/]/] }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunk each route loads, read by bench/bundle-size.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, priority: 10 })),
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
});
