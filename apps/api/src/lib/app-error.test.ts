import { describe, expect, it } from 'vitest';
import { errorCode } from './app-error';

describe('errorCode', () => {
  it('drops the errors namespace of a key', () => {
    expect(errorCode('errors:not_found.lead')).toBe('not_found.lead');
    expect(errorCode('errors:session_expired')).toBe('session_expired');
  });

  it("keeps another namespace as the code's first part", () => {
    expect(errorCode('validation:spreadsheet.mapping_invalid')).toBe(
      'validation.spreadsheet.mapping_invalid',
    );
  });

  it('reads a key without a namespace as an error key', () => {
    expect(errorCode('validation')).toBe('validation');
  });
});
