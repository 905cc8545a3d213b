import { describe, expect, it } from 'vitest';
import {
  containsMention,
  findMentionQuery,
  insertMention,
  keptMentionIds,
  matchUsers,
  splitMentions,
} from './mentions';

const ANA = { id: 'a', name: 'Ana Souza', email: 'ana@funil.demo' };
const ANA_PAULA = { id: 'ap', name: 'Ana Paula Reis', email: 'apr@funil.demo' };
const JOSE = { id: 'j', name: 'José Álvares', email: 'jose@funil.demo' };

describe('findMentionQuery', () => {
  it('finds "@" and letters at the caret, at the start or after a space or line break', () => {
    expect(findMentionQuery('@an', 3)).toEqual({ start: 0, query: 'an' });
    expect(findMentionQuery('oi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(findMentionQuery('oi\n@Ana So', 10)).toEqual({ start: 3, query: 'Ana So' });
    expect(findMentionQuery('oi @an mais', 6)).toEqual({ start: 3, query: 'an' });
  });

  it('finds nothing inside a word, without a letter, across a line break or after a trailing space', () => {
    expect(findMentionQuery('ana@an', 6)).toBeNull();
    expect(findMentionQuery('oi @', 4)).toBeNull();
    expect(findMentionQuery('oi @1', 5)).toBeNull();
    expect(findMentionQuery('@an\nb', 5)).toBeNull();
    expect(findMentionQuery('@Ana Souza ', 11)).toBeNull();
  });
});

describe('matchUsers', () => {
  it('matches names from the start, then any word of them or the email, without accents', () => {
    expect(matchUsers([JOSE, ANA, ANA_PAULA], 'ana').map((user) => user.id)).toEqual(['a', 'ap']);
    expect(matchUsers([ANA, ANA_PAULA], 'ana p').map((user) => user.id)).toEqual(['ap']);
    expect(matchUsers([ANA, JOSE], 'alva').map((user) => user.id)).toEqual(['j']);
    expect(matchUsers([ANA, JOSE], 'jose').map((user) => user.id)).toEqual(['j']);
    expect(matchUsers([ANA, ANA_PAULA], 'apr').map((user) => user.id)).toEqual(['ap']);
    expect(matchUsers([ANA], 'souza').map((user) => user.id)).toEqual(['a']);
  });
});

describe('insertMention', () => {
  it('writes "@Full Name " over what was typed and puts the caret after it', () => {
    expect(insertMention('oi @an e mais', { start: 3, query: 'an' }, 6, 'Ana Souza')).toEqual({
      text: 'oi @Ana Souza e mais',
      caret: 14,
    });
  });
});

describe('keptMentionIds and containsMention', () => {
  it('keeps the people whose whole "@Name" is still in the text, once each', () => {
    const picked = [ANA, ANA_PAULA, ANA];
    expect(keptMentionIds('@Ana Souza e @Ana Paula Reis', picked)).toEqual(['a', 'ap']);
    expect(keptMentionIds('@Ana Souzaaa e @Ana Paula', picked)).toEqual([]);
    expect(containsMention('@Ana Souza.', 'Ana Souza')).toBe(true);
  });
});

describe('splitMentions', () => {
  it('cuts out each mentioned "@Name", the longest name first', () => {
    const ana = { id: 'a', name: 'Ana' };
    expect(splitMentions('oi @Ana Paula Reis e @Ana!', [ana, ANA_PAULA])).toEqual([
      { text: 'oi ' },
      { text: '@Ana Paula Reis', user: ANA_PAULA },
      { text: ' e ' },
      { text: '@Ana', user: ana },
      { text: '!' },
    ]);
    expect(splitMentions('@Anabela', [ana])).toEqual([{ text: '@Anabela' }]);
    expect(splitMentions('<b>@x</b>', [])).toEqual([{ text: '<b>@x</b>' }]);
  });
});
