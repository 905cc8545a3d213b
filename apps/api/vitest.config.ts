import { defineConfig } from 'vitest/config';
import { apiProject, apiProjects } from './vitest.projects.ts';

/**
 * Vitest does not nest projects. Run from this folder, `projects` declares both engine projects.
 * Listed as a project by the root config ('apps/api'), `projects` is ignored and this file acts as
 * the PGlite project; the root config spreads `apiProjects` instead to get PostgreSQL too.
 */
export default defineConfig({ test: { ...apiProject('pglite').test, projects: apiProjects } });
