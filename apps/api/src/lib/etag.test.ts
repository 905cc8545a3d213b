import { describe, expect, it } from 'vitest';
import { etagOf, ifMatchAllows } from './etag';

describe('If-Match', () => {
  it('lets a write through without the header, with * or with a list naming the version', () => {
    expect(ifMatchAllows(undefined, '741')).toBe(true);
    expect(ifMatchAllows('*', '741')).toBe(true);
    expect(ifMatchAllows(' * ', '741')).toBe(true);
    expect(ifMatchAllows(etagOf('741'), '741')).toBe(true);
    expect(ifMatchAllows('"12", "741"', '741')).toBe(true);
    expect(ifMatchAllows('"12","741" ', '741')).toBe(true);
  });

  it('refuses another version, a weak tag (If-Match compares strongly) and anything malformed', () => {
    expect(ifMatchAllows('"742"', '741')).toBe(false);
    expect(ifMatchAllows('W/"741"', '741')).toBe(false);
    for (const malformed of ['741', '', ' ', '"741', '741"', '"741" "742"', '"741",', ',"741"', '*, "741"']) {
      expect(ifMatchAllows(malformed, '741'), malformed).toBe(false);
    }
  });

  it('quotes the version as a strong tag', () => {
    expect(etagOf('741')).toBe('"741"');
  });
});
