import type { ImportResult } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { contactSkippedRows, previewCounts } from './preview-counts';

const row = (line: number, action: ImportResult['preview'][number]['action'], issues = 0) => ({
  row: line,
  action,
  values: {},
  issues: Array.from({ length: issues }, () => ({ field: null, message: 'Problema' })),
});

const skippedEntry = (line: number, part: 'row' | 'contact') => ({
  row: line,
  field: null,
  message: 'Problema',
  part,
  name: null,
  issues: [],
});

describe('the preview’s counts', () => {
  it('count each action, the rows with problems and the contacts left out; unchanged rows write nothing', () => {
    const counts = previewCounts({
      preview: [
        row(2, 'create'),
        row(3, 'create', 1),
        row(4, 'update'),
        row(5, 'unchanged'),
        row(6, 'skip', 2),
      ],
      skipped: [skippedEntry(3, 'contact'), skippedEntry(6, 'row')],
    });
    expect(counts).toEqual({
      create: 2,
      update: 1,
      unchanged: 1,
      skip: 1,
      withIssues: 2,
      contactsSkipped: 1,
      toWrite: 3,
    });
  });

  it('know the rows written without their contact', () => {
    expect([...contactSkippedRows([skippedEntry(3, 'contact'), skippedEntry(6, 'row')])]).toEqual([3]);
  });
});
