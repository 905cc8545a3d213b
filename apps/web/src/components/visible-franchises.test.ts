import { describe, expect, it } from 'vitest';
import { visibleFranchises } from '@/components/visible-franchises';

describe('visibleFranchises', () => {
  it('shows at most two names and counts the rest', () => {
    expect(visibleFranchises(['BH', 'RJ', 'SP', 'POA'], 2)).toEqual({ shown: ['BH', 'RJ'], hidden: 2 });
    expect(visibleFranchises(['BH', 'RJ'])).toEqual({ shown: ['BH', 'RJ'], hidden: 0 });
    expect(visibleFranchises([])).toEqual({ shown: [], hidden: 0 });
  });

  it('takes a nonsense limit as none shown', () => {
    expect(visibleFranchises(['BH'], -1)).toEqual({ shown: [], hidden: 1 });
  });
});
