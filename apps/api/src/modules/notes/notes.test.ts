import type { Lead, Note, NoteListResponse } from '@funil/shared';
import { eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { parseMail, startSmtpServer } from '../../../test/mail';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { notes, scheduledJobs } from '../../db/schema';
import { CHORE_JOB_KINDS } from '../../plugins/housekeeping';

describe('notes on opportunities and brands', () => {
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let author: SignedIn;
  let colleague: SignedIn;
  let manager: SignedIn;
  let refs: LeadReferences;
  let lead: Lead;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'http://crm.local' } });
    author = await signIn(app, { name: 'Ana Autora' });
    colleague = await signIn(app, { name: 'Caio Colega' });
    manager = await signIn(app, { roles: ['manager'], name: 'Marta Gerente' });
    refs = await createLeadReferences(app, author.headers);
    lead = await createLeadVia(app, author.headers, refs);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, as: SignedIn = author, language?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...as.headers, ...(language ? { 'accept-language': language } : {}) },
      payload: payload as object,
    });
  const patch = (id: string, payload: unknown, as: SignedIn = author) =>
    app.inject({ method: 'PATCH', url: `/api/notes/${id}`, headers: as.headers, payload: payload as object });
  const remove = (id: string, as: SignedIn) =>
    app.inject({ method: 'DELETE', url: `/api/notes/${id}`, headers: as.headers });
  const list = (url: string, as: SignedIn = author) =>
    app.inject({ method: 'GET', url, headers: as.headers });

  it('writes a note on a lead and on a brand, and lists them newest first', async () => {
    const first = await post(`/api/leads/${lead.id}/notes`, { body: '  Ligação feita; pediu proposta.  ' });
    expect(first.statusCode, first.body).toBe(201);
    const note = first.json<Note>();
    expect(note).toMatchObject({
      body: 'Ligação feita; pediu proposta.',
      mentions: [],
      mentioned_users: [],
      author: { id: author.user.id, _id: author.user.id, name: 'Ana Autora', email: author.user.email },
      lead_id: lead.id,
      brand_id: null,
    });
    expect(note._id).toBe(note.id);
    const second = await post(`/api/leads/${lead.id}/notes`, { body: 'Proposta enviada' }, colleague);
    expect(second.statusCode).toBe(201);
    const page = (await list(`/api/leads/${lead.id}/notes?limit=1`)).json<NoteListResponse>();
    expect(page).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page.data.map((entry) => entry.body)).toEqual(['Proposta enviada']);
    const onBrand = await post(`/api/brands/${refs.brandId}/notes`, { body: 'Marca em expansão' });
    expect(onBrand.statusCode).toBe(201);
    expect(onBrand.json<Note>()).toMatchObject({ brand_id: refs.brandId, lead_id: null });
    const brandNotes = (await list(`/api/brands/${refs.brandId}/notes`)).json<NoteListResponse>();
    expect(brandNotes.data.map((entry) => entry.body)).toEqual(['Marca em expansão']);
  });

  it('keeps a body as text: markup is stored and answered as it was written', async () => {
    const body = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "aspas"';
    const response = await post(`/api/leads/${lead.id}/notes`, { body });
    expect(response.json<Note>().body).toBe(body);
  });

  it('refuses bad notes with their messages, in the request language', async () => {
    const cases: [unknown, string, string?][] = [
      [{ body: '   ' }, 'Nota é obrigatória'],
      [{}, 'Nota é obrigatória'],
      [{ body: 'x'.repeat(10_001) }, 'Nota muito longa'],
      [{ body: 'ok', mentions: ['00000000-0000-4000-8000-000000000000'] }, 'Usuário não encontrado'],
      [{ body: 'ok', mentions: ['não é id'] }, 'Usuário não encontrado'],
      [{ body: 'ok', extra: 1 }, 'Campo não permitido: extra'],
      [{ body: '' }, 'Note is required', 'en'],
      [{ body: '' }, 'La nota es obligatoria', 'es'],
    ];
    for (const [payload, message, language] of cases) {
      const response = await post(`/api/leads/${lead.id}/notes`, payload, author, language);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const answer = response.json<{ message: string; issues?: { message: string }[] }>();
      expect([answer.message, ...(answer.issues ?? []).map((issue) => issue.message)]).toContain(message);
    }
    const inactive = await signIn(app, { isActive: false });
    const refused = await post(`/api/leads/${lead.id}/notes`, { body: 'ok', mentions: [inactive.user.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Usuário não encontrado');
    const exactly = await post(`/api/leads/${lead.id}/notes`, { body: 'x'.repeat(10_000) });
    expect(exactly.statusCode).toBe(201);
    const missing = await post('/api/leads/00000000-0000-4000-8000-000000000000/notes', { body: 'ok' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Oportunidade não encontrada');
  });

  it('lets only the author edit; the author, an admin or a manager delete', async () => {
    const note = (await post(`/api/leads/${lead.id}/notes`, { body: 'rascunho' })).json<Note>();
    const byColleague = await patch(note.id, { body: 'invasão' }, colleague);
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json<{ message: string }>().message).toBe('Somente o autor pode editar esta nota');
    expect((await patch(note.id, { body: 'invasão' }, manager)).statusCode).toBe(403);
    const edited = await patch(note.id, { body: 'versão final' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Note>().body).toBe('versão final');
    expect((await patch(note.id, { body: ' ' })).statusCode).toBe(400);
    expect((await remove(note.id, colleague)).statusCode).toBe(403);
    expect((await remove(note.id, manager)).statusCode).toBe(204);
    expect((await remove(note.id, author)).statusCode).toBe(404);
    const own = (await post(`/api/leads/${lead.id}/notes`, { body: 'minha' }, colleague)).json<Note>();
    expect((await remove(own.id, colleague)).statusCode).toBe(204);
  });

  it('emails each person mentioned once (never the author), in their language, and again only for new mentions', async () => {
    const before = smtp.received.length;
    // The colleague works in English: their emails are written in it.
    await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...colleague.headers, 'accept-language': 'en' },
    });
    const response = await post(`/api/leads/${lead.id}/notes`, {
      body: '@Caio Colega e @Marta Gerente, vejam <b>isto</b>',
      mentions: [colleague.user.id, manager.user.id, author.user.id, colleague.user.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json<Note>();
    expect(note.mentions).toEqual([colleague.user.id, manager.user.id, author.user.id]);
    expect(note.mentioned_users.map((user) => user.name)).toEqual([
      'Caio Colega',
      'Marta Gerente',
      'Ana Autora',
    ]);
    await app.jobs.wake();
    const mails = await Promise.all((await smtp.waitFor(before + 2)).slice(before).map(parseMail));
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([colleague.user.email, manager.user.email].sort());
    const toColleague = mails.find((mail) => mail.to[0] === colleague.user.email);
    const toManager = mails.find((mail) => mail.to[0] === manager.user.email);
    expect(toColleague?.subject).toMatch(/^You were mentioned/);
    expect(toManager?.subject).toMatch(/^Você foi mencionado/);
    expect(toManager?.text).toContain('vejam <b>isto</b>');
    expect(toManager?.html).toContain('vejam &lt;b&gt;isto&lt;/b&gt;');
    expect(toManager?.text).toContain(`http://crm.local/leads/editar/${lead.id}`);

    // Editing the text again mails nobody; adding someone mails only them.
    const third = await signIn(app, { name: 'Tito Terceiro' });
    await patch(note.id, { body: 'editada', mentions: [colleague.user.id, manager.user.id, third.user.id] });
    await app.jobs.wake();
    const after = await smtp.waitFor(before + 3);
    expect(after.slice(before + 2).map((mail) => mail.to[0])).toEqual([third.user.email]);
    // The mail server has the message before the batch's transaction commits: wait for the round.
    await app.jobs.wake();
    const [{ pending }] = (await app.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(scheduledJobs)
      .where(notInArray(scheduledJobs.kind, CHORE_JOB_KINDS))) as [{ pending: number }];
    expect(pending).toBe(0);
  });

  it('owes no email for a note deleted before its email left', async () => {
    await app.jobs.wake();
    const before = smtp.received.length;
    // Written straight to the database, with its job, and deleted before any process ran the job.
    const [row] = await app.db
      .insert(notes)
      .values({ body: 'apagada', leadId: lead.id, authorId: author.user.id, mentions: [colleague.user.id] })
      .returning({ id: notes.id });
    await app.db.insert(scheduledJobs).values({
      kind: 'note_mention',
      key: `note_mention:${row?.id}:${colleague.user.id}`,
      runAt: new Date(Date.now() + 60_000),
      payload: { note_id: row?.id, user_id: colleague.user.id },
    });
    await app.db.delete(notes).where(eq(notes.id, row?.id ?? ''));
    await app.db
      .update(scheduledJobs)
      .set({ runAt: new Date(0) })
      .where(notInArray(scheduledJobs.kind, CHORE_JOB_KINDS));
    await app.jobs.wake();
    const left = await app.db
      .select()
      .from(scheduledJobs)
      .where(notInArray(scheduledJobs.kind, CHORE_JOB_KINDS));
    expect(left).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });
});
