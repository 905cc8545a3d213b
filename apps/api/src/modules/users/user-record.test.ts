import { describe, expect, it } from 'vitest';
import { toUser, type UserRecord } from './user-record';

const record: UserRecord = {
  id: '0b6f7a52-3d8e-4a55-9a43-5c1d2f0e9b11',
  email: 'ana@empresa.com.br',
  name: 'Ana Souza',
  roles: ['admin', 'comercial'],
  isActive: true,
  avatarUrl: null,
  language: null,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
  updatedAt: new Date('2026-02-03T04:05:06.000Z'),
};

describe('toUser', () => {
  it('answers the user object with _id and full_name repeating id and name', () => {
    expect(toUser(record)).toEqual({
      id: record.id,
      _id: record.id,
      name: 'Ana Souza',
      full_name: 'Ana Souza',
      email: 'ana@empresa.com.br',
      avatar_url: null,
      roles: ['admin', 'comercial'],
      isActive: true,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-02-03T04:05:06.000Z',
    });
  });

  it('never carries a password hash or anything else it is handed', () => {
    const withSecrets = { ...record, passwordHash: '$argon2id$v=19$secret', sessionId: 'x' };
    const answer = toUser(withSecrets);
    expect(JSON.stringify(answer)).not.toContain('argon2');
    expect(Object.keys(answer)).not.toContain('passwordHash');
    expect(Object.keys(answer)).not.toContain('sessionId');
  });
});
