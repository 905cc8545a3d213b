import { useMemo } from 'react';
import { useFormatters } from '@/lib/format';

/** Whole numbers as the interface language writes them: 10.000 in pt-BR and es, 10,000 in en. */
export function useCountFormat(): (value: number) => string {
  const { language } = useFormatters();
  return useMemo(() => {
    const formatter = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, {
      useGrouping: 'always',
    });
    return (value: number) => formatter.format(value);
  }, [language]);
}
