import type { BrandCreate } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiBrand } from '@/test/api-fixtures';
import { toBrandUpdateBody } from './brand-body';

const opened = apiBrand('Banco Azul', { responsible: 'Íris', description: null });
const unchanged: BrandCreate = {
  name: opened.name,
  company_name: opened.company_name ?? '',
  cnpj: opened.cnpj,
  area_of_activity: opened.area_of_activity,
  segmentation: opened.segmentation,
  responsible: 'Íris',
  description: null,
  status: opened.status,
};

describe('brand edit body', () => {
  it('is empty when nothing changed', () => {
    expect(toBrandUpdateBody(unchanged, opened)).toEqual({});
  });

  it('holds only the changed fields, a cleared text as null', () => {
    expect(
      toBrandUpdateBody(
        { ...unchanged, responsible: null, description: 'Banco digital', status: 'inactive' },
        opened,
      ),
    ).toEqual({ responsible: null, description: 'Banco digital', status: 'inactive' });
  });
});
