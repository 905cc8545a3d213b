import { describe, expect, it } from 'vitest';
import { apiContact } from '@/test/api-fixtures';
import {
  changedContactFields,
  checkContactDraft,
  type ContactDraft,
  contactDraftOf,
  EMPTY_CONTACT_DRAFT,
} from './contact-draft';

const valid: ContactDraft = {
  position: '  Diretora ',
  first_name: ' Ana ',
  last_name: 'Souza',
  email: ' Ana@Marca.com.br ',
  phone_number: '+55 (11) 99999-9999',
};

function firstMessage(draft: ContactDraft) {
  const result = checkContactDraft(draft);
  return result.ok ? null : result.messageKey;
}

describe('checkContactDraft', () => {
  it('answers the values as the API stores them', () => {
    expect(checkContactDraft(valid)).toEqual({
      ok: true,
      values: {
        position: 'Diretora',
        first_name: 'Ana',
        last_name: 'Souza',
        email: 'ana@marca.com.br',
        phone_number: '5511999999999',
      },
    });
    const noPosition = checkContactDraft({ ...valid, position: '   ' });
    expect(noPosition.ok && noPosition.values.position).toBeNull();
  });

  it('checks first name, last name, email, phone, in that order, after trimming', () => {
    expect(firstMessage(EMPTY_CONTACT_DRAFT)).toBe('validation:contact.first_name_required');
    expect(firstMessage({ ...EMPTY_CONTACT_DRAFT, first_name: 'Ana' })).toBe(
      'validation:contact.last_name_required',
    );
    expect(firstMessage({ ...valid, last_name: '   ', email: '' })).toBe(
      'validation:contact.last_name_required',
    );
    expect(firstMessage({ ...valid, email: '  ', phone_number: '' })).toBe(
      'validation:contact.email_required',
    );
    expect(firstMessage({ ...valid, email: 'ana@', phone_number: '' })).toBe(
      'validation:contact.email_invalid',
    );
    expect(firstMessage({ ...valid, phone_number: ' ' })).toBe('validation:contact.phone_required');
    expect(firstMessage({ ...valid, phone_number: '11 9999' })).toBe('validation:contact.phone_invalid');
  });
});

describe('changedContactFields', () => {
  it('keeps only the fields whose text changed', () => {
    const contact = apiContact('Ana', { position: 'Diretora', phone_number: '5511999999999' });
    const initial = contactDraftOf(contact);
    expect(initial.phone_number).toBe('+55 11 99999-9999');

    const draft = { ...initial, last_name: 'Lima ', position: '' };
    const check = checkContactDraft(draft);
    if (!check.ok) throw new Error(check.messageKey);
    expect(changedContactFields(draft, initial, check.values)).toEqual({ last_name: 'Lima', position: null });

    const untouched = checkContactDraft(initial);
    if (!untouched.ok) throw new Error(untouched.messageKey);
    expect(changedContactFields(initial, initial, untouched.values)).toEqual({});
  });
});
