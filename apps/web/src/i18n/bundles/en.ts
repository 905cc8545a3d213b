import errors from '@funil/shared/locales/en/errors.json';
import spreadsheet from '@funil/shared/locales/en/spreadsheet.json';
import validation from '@funil/shared/locales/en/validation.json';
import assistant from '../locales/en/assistant.json';
import auth from '../locales/en/auth.json';
import brands from '../locales/en/brands.json';
import catalogues from '../locales/en/catalogues.json';
import common from '../locales/en/common.json';
import config from '../locales/en/config.json';
import contacts from '../locales/en/contacts.json';
import leads from '../locales/en/leads.json';
import live from '../locales/en/live.json';
import menu from '../locales/en/menu.json';
import pipeline from '../locales/en/pipeline.json';
import prospectus from '../locales/en/prospectus.json';
import reports from '../locales/en/reports.json';
import spreadsheets from '../locales/en/spreadsheets.json';
import table from '../locales/en/table.json';
import tasks from '../locales/en/tasks.json';
import timeline from '../locales/en/timeline.json';
import users from '../locales/en/users.json';

/** Every namespace of en: one chunk, fetched only when en is the language shown. */
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
