import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactStateWords } from '../utils/contact-words';

/**
 * The state words the search understands: the Portuguese ones ('sim'/'não', 'ativo'/'inativo')
 * always, since the team says them whatever the interface language, and the reader's language's.
 */
export function useContactSearchWords(): readonly ContactStateWords[] {
  const { i18n } = useTranslation('contacts');
  const language = i18n.language;
  return useMemo(
    () =>
      [...new Set(['pt-BR', language])].map((lng) => {
        const t = i18n.getFixedT(lng, 'contacts');
        return {
          yes: t('words.yes'),
          no: t('words.no'),
          active: t('words.active'),
          inactive: t('words.inactive'),
        };
      }),
    [i18n, language],
  );
}
