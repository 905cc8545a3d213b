import { defineConfig } from 'vitest/config';
import { webProjects } from './vitest.projects.ts';

// The web suite alone (`npx vitest run` in this folder); the root config runs it with the others.
export default defineConfig({ test: { projects: webProjects } });
