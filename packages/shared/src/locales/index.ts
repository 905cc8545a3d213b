import enErrors from './en/errors.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enSpreadsheet from './en/spreadsheet.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esMail from './es/mail.json' with { type: 'json' };
import esSpreadsheet from './es/spreadsheet.json' with { type: 'json' };
import esValidation from './es/validation.json' with { type: 'json' };
import ptErrors from './pt-BR/errors.json' with { type: 'json' };
import ptMail from './pt-BR/mail.json' with { type: 'json' };
import ptSpreadsheet from './pt-BR/spreadsheet.json' with { type: 'json' };
import ptValidation from './pt-BR/validation.json' with { type: 'json' };

/**
 * Namespaces this package owns: validation and errors (answered by the API, shown by the web app),
 * mail (the emails the API sends) and spreadsheet (the headers and
 * values of exported and imported spreadsheets). The web app adds its own screen namespaces beside them.
 */
export const SHARED_NAMESPACES = ['validation', 'errors', 'mail', 'spreadsheet'] as const;
export type SharedNamespace = (typeof SHARED_NAMESPACES)[number];

/** i18next `resources` for the shared namespaces, keyed by language then namespace. */
export const sharedResources = {
  'pt-BR': { validation: ptValidation, errors: ptErrors, mail: ptMail, spreadsheet: ptSpreadsheet },
  en: { validation: enValidation, errors: enErrors, mail: enMail, spreadsheet: enSpreadsheet },
  es: { validation: esValidation, errors: esErrors, mail: esMail, spreadsheet: esSpreadsheet },
} as const;
