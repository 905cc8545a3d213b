import { DEFAULT_LANGUAGE, type Language } from '@funil/shared';
import fp from 'fastify-plugin';
import { negotiateLanguage, type Translate, translator } from '../lib/i18n';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** pt-BR unless Accept-Language prefers en or es. */
    language: Language;
    /** Translates a shared i18n key into the request's language. */
    t: Translate;
  }
}

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.decorateRequest('t', null as unknown as Translate);
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = negotiateLanguage(request.headers['accept-language']);
      request.t = translator(request.language);
      done();
    });
  },
  { name: 'funil-i18n' },
);
