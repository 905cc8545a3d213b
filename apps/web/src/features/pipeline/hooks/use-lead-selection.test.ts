import { BULK_MAX_LEADS } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { boardLead } from '../test-leads';
import { selectionReducer } from './use-lead-selection';

const SCOPE = 'kanban {}';
const empty = { scope: SCOPE, leads: new Map(), anchor: null, capped: 0 };
const ids = (state: ReturnType<typeof selectionReducer>) => [...state.leads.keys()];

describe('the lead selection', () => {
  const column = [boardLead(5), boardLead(4), boardLead(3), boardLead(2), boardLead(1)];

  it('toggles one lead, and with an order the range from the lead toggled last, either way', () => {
    let state = selectionReducer(empty, { type: 'toggle', scope: SCOPE, lead: column[1]!, order: null });
    state = selectionReducer(state, { type: 'toggle', scope: SCOPE, lead: column[3]!, order: column });
    expect(ids(state)).toEqual([column[1]!.id, column[2]!.id, column[3]!.id]);

    // Upwards from the anchor to a checked lead: it goes unchecked, and so does the range.
    state = selectionReducer(state, { type: 'toggle', scope: SCOPE, lead: column[2]!, order: column });
    expect(ids(state)).toEqual([column[1]!.id]);
    // Downwards from the new anchor to an unchecked lead: the range is checked.
    state = selectionReducer(state, { type: 'toggle', scope: SCOPE, lead: column[4]!, order: column });
    expect(ids(state)).toEqual([column[1]!.id, column[2]!.id, column[3]!.id, column[4]!.id]);
  });

  it('takes only the clicked lead when the anchor is not among the leads given', () => {
    let state = selectionReducer(empty, { type: 'toggle', scope: SCOPE, lead: boardLead(9), order: null });
    state = selectionReducer(state, { type: 'toggle', scope: SCOPE, lead: column[4]!, order: column });
    expect(ids(state)).toEqual([boardLead(9).id, column[4]!.id]);
  });

  it(`stops at ${BULK_MAX_LEADS} leads and says so`, () => {
    const many = Array.from({ length: BULK_MAX_LEADS + 2 }, (_, n) => boardLead(n + 10));
    const state = selectionReducer(empty, { type: 'set', scope: SCOPE, leads: many, selected: true });
    expect(state.leads.size).toBe(BULK_MAX_LEADS);
    expect(state.capped).toBe(1);
    const again = selectionReducer(state, { type: 'toggle', scope: SCOPE, lead: boardLead(1), order: null });
    expect(again.leads.has(boardLead(1).id)).toBe(false);
    expect(again.capped).toBe(2);
  });

  it('starts empty in another scope (another view or other filters)', () => {
    const state = selectionReducer(empty, { type: 'set', scope: SCOPE, leads: column, selected: true });
    const other = selectionReducer(state, {
      type: 'toggle',
      scope: 'list {}',
      lead: column[0]!,
      order: null,
    });
    expect(ids(other)).toEqual([column[0]!.id]);
  });
});
