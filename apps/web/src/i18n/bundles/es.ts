import errors from '@funil/shared/locales/es/errors.json';
import spreadsheet from '@funil/shared/locales/es/spreadsheet.json';
import validation from '@funil/shared/locales/es/validation.json';
import assistant from '../locales/es/assistant.json';
import auth from '../locales/es/auth.json';
import brands from '../locales/es/brands.json';
import catalogues from '../locales/es/catalogues.json';
import common from '../locales/es/common.json';
import config from '../locales/es/config.json';
import contacts from '../locales/es/contacts.json';
import leads from '../locales/es/leads.json';
import live from '../locales/es/live.json';
import menu from '../locales/es/menu.json';
import pipeline from '../locales/es/pipeline.json';
import prospectus from '../locales/es/prospectus.json';
import reports from '../locales/es/reports.json';
import spreadsheets from '../locales/es/spreadsheets.json';
import table from '../locales/es/table.json';
import tasks from '../locales/es/tasks.json';
import timeline from '../locales/es/timeline.json';
import users from '../locales/es/users.json';

/** Every namespace of es: one chunk, fetched only when es is the language shown. */
export const bundle = {
  common,
  auth,
  menu,
  table,
  brands,
  catalogues,
  config,
  users,
  contacts,
  leads,
  live,
  pipeline,
  prospectus,
  reports,
  assistant,
  spreadsheets,
  tasks,
  timeline,
  validation,
  errors,
  spreadsheet,
};
