import { describe, expect, expectTypeOf, it } from 'vitest';
import { patchColumns } from './patch-columns';

type Body = { first_name?: string; phone?: string | null; age?: number; active?: boolean; note?: string };
const NAMES = { first_name: 'firstName', phone: 'phoneNumber', age: 'age', active: 'isActive' } as const;

describe('patchColumns', () => {
  it('renames the fields sent to their columns and leaves out those not sent', () => {
    const body: Body = { first_name: 'Ana', age: 0 };
    expect(patchColumns(body, NAMES)).toEqual({ firstName: 'Ana', age: 0 });
  });

  it('keeps null (it clears the column), false, 0 and empty strings, and drops undefined', () => {
    const body: Body = { first_name: '', phone: null, age: 0, active: false, note: undefined };
    expect(patchColumns(body, NAMES)).toEqual({ firstName: '', phoneNumber: null, age: 0, isActive: false });
    expect(patchColumns({ first_name: undefined, phone: undefined } as Body, NAMES)).toEqual({});
  });

  it('leaves out fields the map does not name, even when sent', () => {
    const body: Body = { first_name: 'Ana', note: 'not a column' };
    expect(patchColumns(body, NAMES)).toEqual({ firstName: 'Ana' });
  });

  it('types the result by column, optional for a PATCH and required where the input requires it', () => {
    const patch = patchColumns({} as Body, NAMES);
    expectTypeOf(patch).toEqualTypeOf<{
      firstName?: string;
      phoneNumber?: string | null;
      age?: number;
      isActive?: boolean;
    }>();
    const create = patchColumns({ first_name: 'Ana', age: 3 } as { first_name: string; age: number }, NAMES);
    expectTypeOf(create).toEqualTypeOf<{ firstName: string; age: number }>();
    // A key that is always there but may hold undefined (zod's nullish output) is optional.
    const nullish = patchColumns({ phone: undefined } as { phone: string | null | undefined }, NAMES);
    expectTypeOf(nullish).toEqualTypeOf<{ phoneNumber?: string | null }>();
    expect(nullish).toEqual({});
  });
});
