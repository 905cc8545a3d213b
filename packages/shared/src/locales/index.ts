import enErrors from './en/errors.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esValidation from './es/validation.json' with { type: 'json' };
import ptErrors from './pt-BR/errors.json' with { type: 'json' };
import ptValidation from './pt-BR/validation.json' with { type: 'json' };

/** Namespaces this package owns; the web app adds its own screen namespaces beside them. */
export const SHARED_NAMESPACES = ['validation', 'errors'] as const;
export type SharedNamespace = (typeof SHARED_NAMESPACES)[number];

/** i18next `resources` for the shared namespaces, keyed by language then namespace. */
export const sharedResources = {
  'pt-BR': { validation: ptValidation, errors: ptErrors },
  en: { validation: enValidation, errors: enErrors },
  es: { validation: esValidation, errors: esErrors },
} as const;
