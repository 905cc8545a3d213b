import { describe, expect, it } from 'vitest';
import { contentLength, downloadFraction, formatCount, formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('writes whole kilobytes under a megabyte', () => {
    expect(formatFileSize(0, 'pt-BR')).toBe('0 KB');
    expect(formatFileSize(10, 'pt-BR')).toBe('1 KB');
    expect(formatFileSize(512 * 1024, 'en')).toBe('512 KB');
  });

  it('writes megabytes with one decimal in the language’s digits, rounded down', () => {
    expect(formatFileSize(12.34 * 1024 * 1024, 'pt-BR')).toBe('12,3 MB');
    expect(formatFileSize(12.39 * 1024 * 1024, 'en')).toBe('12.3 MB');
    expect(formatFileSize(1536.5 * 1024 * 1024, 'pt-BR')).toBe('1.536,5 MB');
    expect(formatFileSize(10 * 1024 * 1024, 'es')).toBe('10 MB');
    expect(formatFileSize(10 * 1024 * 1024 - 1, 'pt-BR')).toBe('9,9 MB');
  });
});

describe('formatCount', () => {
  it('groups thousands as the language does', () => {
    expect(formatCount(1_000_000, 'pt-BR')).toBe('1.000.000');
    expect(formatCount(1_000_000, 'en')).toBe('1,000,000');
  });
});

describe('downloadFraction', () => {
  it('is the share received, or null when the size is unknown', () => {
    expect(downloadFraction(50, 200)).toBe(0.25);
    expect(downloadFraction(300, 200)).toBe(1);
    expect(downloadFraction(50, null)).toBeNull();
    expect(downloadFraction(50, 0)).toBeNull();
  });
});

describe('contentLength', () => {
  it('reads a byte count and refuses anything else', () => {
    expect(contentLength('1048576')).toBe(1048576);
    expect(contentLength(null)).toBeNull();
    expect(contentLength('abc')).toBeNull();
    expect(contentLength('-1')).toBeNull();
  });
});
