import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessageKey } from './message-key';

describe('issueMessageKey', () => {
  it('keeps a key set by the schema', () => {
    const issue = z.string().min(2, 'validation:catalogue.name_min').safeParse('a').error!.issues[0]!;
    expect(issueMessageKey(issue)).toMatchObject({
      key: 'validation:catalogue.name_min',
      params: { minimum: 2 },
    });
  });

  it("maps zod's default prose to a generic key per code", () => {
    const issue = z.strictObject({}).safeParse({ id: 1, roles: [] }).error!.issues[0]!;
    expect(issueMessageKey(issue)).toEqual({
      key: 'validation:issue.unrecognized_keys',
      params: { keys: 'id, roles' },
    });
  });
});
