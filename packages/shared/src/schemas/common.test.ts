import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanParam, idParamSchema, listQuerySchema, optionalText, trimmedString } from './common';

const query = listQuerySchema(['createdAt', 'name']);

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('listQuerySchema', () => {
  it('defaults page 1 and limit 20', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('treats empty parameters as absent', () => {
    expect(query.parse({ page: '', limit: '', sort: '', order: '' })).toEqual({ page: 1, limit: 20 });
  });

  it('coerces numeric text and keeps named sort fields', () => {
    expect(query.parse({ page: '3', limit: '100', sort: 'name', order: 'desc' })).toEqual({
      page: 3,
      limit: 100,
      sort: 'name',
      order: 'desc',
    });
  });

  it.each([['101'], ['abc'], ['0'], ['2.5']])('rejects limit=%s with a key', (limit) => {
    expect(firstMessage(query.safeParse({ limit }))).toBe('validation:list.limit_invalid');
  });

  it('rejects a page below 1 or non-numeric', () => {
    expect(firstMessage(query.safeParse({ page: '0' }))).toBe('validation:list.page_invalid');
    expect(firstMessage(query.safeParse({ page: 'x' }))).toBe('validation:list.page_invalid');
  });

  it('rejects unnamed sort fields and bad orders', () => {
    expect(firstMessage(query.safeParse({ sort: 'password_hash' }))).toBe('validation:list.sort_invalid');
    expect(firstMessage(query.safeParse({ order: 'up' }))).toBe('validation:list.order_invalid');
  });

  it('drops unknown parameters', () => {
    expect(query.parse({ status: 'active' })).toEqual({ page: 1, limit: 20 });
  });

  it('leaves paging absent when optional', () => {
    expect(listQuerySchema(['name'], { pagingOptional: true }).parse({})).toEqual({});
  });
});

describe('small pieces', () => {
  it('trims strings before checks', () => {
    expect(trimmedString().min(2).safeParse('  a ').success).toBe(false);
    expect(trimmedString().parse('  ab ')).toBe('ab');
  });

  it('maps empty optional text to null and keeps undefined', () => {
    const schema = z.object({ note: optionalText(10) });
    expect(schema.parse({ note: '   ' })).toEqual({ note: null });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ note: null })).toEqual({ note: null });
    expect(firstMessage(schema.safeParse({ note: 'x'.repeat(11) }))).toBe('validation:common.text_too_long');
  });

  it('validates id params', () => {
    expect(idParamSchema.safeParse({ id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' }).success).toBe(true);
    expect(firstMessage(idParamSchema.safeParse({ id: 'nope' }))).toBe('validation:common.id_invalid');
  });

  it('parses query booleans', () => {
    const schema = z.object({ isActive: booleanParam });
    expect(schema.parse({ isActive: 'false' })).toEqual({ isActive: false });
    expect(schema.parse({ isActive: '' })).toEqual({});
    expect(schema.safeParse({ isActive: 'yes' }).success).toBe(false);
  });
});
