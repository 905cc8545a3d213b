import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold-for-search';

describe('foldForSearch', () => {
  it('drops the accents of Portuguese, Spanish and French words and lower-cases them', () => {
    expect(foldForSearch('São Paulo')).toBe('sao paulo');
    expect(foldForSearch('INFORMAÇÕES Técnicas')).toBe('informacoes tecnicas');
    expect(foldForSearch('Año Niño Ñandú')).toBe('ano nino nandu');
    expect(foldForSearch('Hôtel Crème Brûlée')).toBe('hotel creme brulee');
  });

  it('keeps letters outside the table (as the database does) and leaves plain text as it is', () => {
    expect(foldForSearch('Łódź Ÿ')).toBe('łodź ÿ');
    expect(foldForSearch('abc 123 _%')).toBe('abc 123 _%');
    expect(foldForSearch('')).toBe('');
  });
});
