import enErrors from '@funil/shared/locales/en/errors.json';
import enSpreadsheet from '@funil/shared/locales/en/spreadsheet.json';
import enValidation from '@funil/shared/locales/en/validation.json';
import esErrors from '@funil/shared/locales/es/errors.json';
import esSpreadsheet from '@funil/shared/locales/es/spreadsheet.json';
import esValidation from '@funil/shared/locales/es/validation.json';
import ptBRErrors from '@funil/shared/locales/pt-BR/errors.json';
import ptBRSpreadsheet from '@funil/shared/locales/pt-BR/spreadsheet.json';
import ptBRValidation from '@funil/shared/locales/pt-BR/validation.json';
import enAssistant from './locales/en/assistant.json';
import enAuth from './locales/en/auth.json';
import enBrands from './locales/en/brands.json';
import enCatalogues from './locales/en/catalogues.json';
import enCommon from './locales/en/common.json';
import enContacts from './locales/en/contacts.json';
import enConfig from './locales/en/config.json';
import enMenu from './locales/en/menu.json';
import enTable from './locales/en/table.json';
import enLeads from './locales/en/leads.json';
import enLive from './locales/en/live.json';
import enPipeline from './locales/en/pipeline.json';
import enProspectus from './locales/en/prospectus.json';
import enReports from './locales/en/reports.json';
import enSpreadsheets from './locales/en/spreadsheets.json';
import enTasks from './locales/en/tasks.json';
import enTimeline from './locales/en/timeline.json';
import enUsers from './locales/en/users.json';
import esAssistant from './locales/es/assistant.json';
import esAuth from './locales/es/auth.json';
import esBrands from './locales/es/brands.json';
import esCatalogues from './locales/es/catalogues.json';
import esCommon from './locales/es/common.json';
import esContacts from './locales/es/contacts.json';
import esConfig from './locales/es/config.json';
import esMenu from './locales/es/menu.json';
import esTable from './locales/es/table.json';
import esLeads from './locales/es/leads.json';
import esLive from './locales/es/live.json';
import esPipeline from './locales/es/pipeline.json';
import esProspectus from './locales/es/prospectus.json';
import esReports from './locales/es/reports.json';
import esSpreadsheets from './locales/es/spreadsheets.json';
import esTasks from './locales/es/tasks.json';
import esTimeline from './locales/es/timeline.json';
import esUsers from './locales/es/users.json';
import ptBRAssistant from './locales/pt-BR/assistant.json';
import ptBRAuth from './locales/pt-BR/auth.json';
import ptBRBrands from './locales/pt-BR/brands.json';
import ptBRCatalogues from './locales/pt-BR/catalogues.json';
import ptBRCommon from './locales/pt-BR/common.json';
import ptBRContacts from './locales/pt-BR/contacts.json';
import ptBRConfig from './locales/pt-BR/config.json';
import ptBRMenu from './locales/pt-BR/menu.json';
import ptBRTable from './locales/pt-BR/table.json';
import ptBRLeads from './locales/pt-BR/leads.json';
import ptBRLive from './locales/pt-BR/live.json';
import ptBRPipeline from './locales/pt-BR/pipeline.json';
import ptBRProspectus from './locales/pt-BR/prospectus.json';
import ptBRReports from './locales/pt-BR/reports.json';
import ptBRSpreadsheets from './locales/pt-BR/spreadsheets.json';
import ptBRTasks from './locales/pt-BR/tasks.json';
import ptBRTimeline from './locales/pt-BR/timeline.json';
import ptBRUsers from './locales/pt-BR/users.json';
import type { Language } from './languages';

/**
 * Every translation, bundled: the three languages together are a few kilobytes, less than the
 * round trip a lazy load would cost. `validation`, `errors` and `spreadsheet` (a spreadsheet's
 * column headers) come from packages/shared, so the API and the web show the same words. A feature adds its namespace here, in all three languages.
 */
export const resources = {
  'pt-BR': {
    common: ptBRCommon,
    auth: ptBRAuth,
    menu: ptBRMenu,
    table: ptBRTable,
    brands: ptBRBrands,
    catalogues: ptBRCatalogues,
    config: ptBRConfig,
    users: ptBRUsers,
    contacts: ptBRContacts,
    leads: ptBRLeads,
    live: ptBRLive,
    pipeline: ptBRPipeline,
    prospectus: ptBRProspectus,
    reports: ptBRReports,
    assistant: ptBRAssistant,
    spreadsheets: ptBRSpreadsheets,
    tasks: ptBRTasks,
    timeline: ptBRTimeline,
    validation: ptBRValidation,
    errors: ptBRErrors,
    spreadsheet: ptBRSpreadsheet,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    menu: enMenu,
    table: enTable,
    brands: enBrands,
    catalogues: enCatalogues,
    config: enConfig,
    users: enUsers,
    contacts: enContacts,
    leads: enLeads,
    live: enLive,
    pipeline: enPipeline,
    prospectus: enProspectus,
    reports: enReports,
    assistant: enAssistant,
    spreadsheets: enSpreadsheets,
    tasks: enTasks,
    timeline: enTimeline,
    validation: enValidation,
    errors: enErrors,
    spreadsheet: enSpreadsheet,
  },
  es: {
    common: esCommon,
    auth: esAuth,
    menu: esMenu,
    table: esTable,
    brands: esBrands,
    catalogues: esCatalogues,
    config: esConfig,
    users: esUsers,
    contacts: esContacts,
    leads: esLeads,
    live: esLive,
    pipeline: esPipeline,
    prospectus: esProspectus,
    reports: esReports,
    assistant: esAssistant,
    spreadsheets: esSpreadsheets,
    tasks: esTasks,
    timeline: esTimeline,
    validation: esValidation,
    errors: esErrors,
    spreadsheet: esSpreadsheet,
  },
} as const satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['pt-BR'];
export const NAMESPACES = Object.keys(resources['pt-BR']) as Namespace[];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;
