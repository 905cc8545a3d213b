/// <reference types="node" />
// The config runs in Node, while the app's own code only sees browser globals (tsconfig `types`).
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
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
