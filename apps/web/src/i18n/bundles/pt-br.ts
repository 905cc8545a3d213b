import errors from '@funil/shared/locales/pt-BR/errors.json';
import spreadsheet from '@funil/shared/locales/pt-BR/spreadsheet.json';
import validation from '@funil/shared/locales/pt-BR/validation.json';
import assistant from '../locales/pt-BR/assistant.json';
import auth from '../locales/pt-BR/auth.json';
import brands from '../locales/pt-BR/brands.json';
import catalogues from '../locales/pt-BR/catalogues.json';
import common from '../locales/pt-BR/common.json';
import config from '../locales/pt-BR/config.json';
import contacts from '../locales/pt-BR/contacts.json';
import leads from '../locales/pt-BR/leads.json';
import live from '../locales/pt-BR/live.json';
import menu from '../locales/pt-BR/menu.json';
import pipeline from '../locales/pt-BR/pipeline.json';
import prospectus from '../locales/pt-BR/prospectus.json';
import reports from '../locales/pt-BR/reports.json';
import spreadsheets from '../locales/pt-BR/spreadsheets.json';
import table from '../locales/pt-BR/table.json';
import tasks from '../locales/pt-BR/tasks.json';
import timeline from '../locales/pt-BR/timeline.json';
import users from '../locales/pt-BR/users.json';

/** Every namespace of pt-BR: one chunk, fetched only when pt-BR is the language shown. */
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
