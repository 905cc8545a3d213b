import { describe, expect, it } from 'vitest';
import { mayDeleteNote, mayDeleteTask, mayEditNote, mayEditTask, workActor } from './work-access';

describe('who may change a note or a task', () => {
  const seller = workActor({ id: 'seller', roles: ['comercial'] });
  const manager = workActor({ id: 'manager', roles: ['manager'] });
  const admin = workActor({ id: 'admin', roles: ['admin'] });

  it('lets only the author edit a note; the author, a manager or an admin delete it', () => {
    expect(mayEditNote(seller, 'seller')).toBe(true);
    expect(mayEditNote(manager, 'seller')).toBe(false);
    expect(mayEditNote(admin, 'seller')).toBe(false);
    expect(mayEditNote(seller, null)).toBe(false);
    expect(mayDeleteNote(seller, 'seller')).toBe(true);
    expect(mayDeleteNote(seller, 'other')).toBe(false);
    expect(mayDeleteNote(manager, 'seller')).toBe(true);
    expect(mayDeleteNote(admin, null)).toBe(true);
  });

  it("lets a task's creator or assignee edit it, its creator delete it, a manager or an admin both", () => {
    const task = { creatorId: 'creator', assigneeId: 'seller' };
    expect(mayEditTask(seller, task)).toBe(true);
    expect(mayEditTask(workActor({ id: 'creator', roles: ['user'] }), task)).toBe(true);
    expect(mayEditTask(workActor({ id: 'other', roles: ['user'] }), task)).toBe(false);
    expect(mayEditTask(manager, task)).toBe(true);
    expect(mayDeleteTask(seller, 'creator')).toBe(false);
    expect(mayDeleteTask(workActor({ id: 'creator', roles: ['user'] }), 'creator')).toBe(true);
    expect(mayDeleteTask(admin, 'creator')).toBe(true);
  });
});
