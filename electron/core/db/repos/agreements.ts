/**
 * Agreement answers, document versions and guest photos (migration 0018):
 * SQL in one place, rows parsed as they leave the database. The files they
 * name are written and deleted by electron/core/agreements/.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { invitationIdOf, walkInIdOf, walkInKeySql } from '../../../../shared/domain/guest-key.ts';

const Answer = z.object({
  id: z.number().int(),
  documentId: z.string(),
  version: z.number().int(),
  title: z.string(),
  outcome: z.enum(['signed', 'declined']),
  personKey: z.string(),
  invitationId: z.number().int().nullable(),
  walkInId: z.number().int().nullable(),
  name: z.string(),
  language: z.string(),
  method: z.enum(['drawn', 'typed']).nullable(),
  at: z.string(),
  device: z.string(),
  file: z.string().nullable(),
});
export type AnswerRow = z.infer<typeof Answer>;
export type NewAnswer = Omit<AnswerRow, 'id'>;

const Photo = z.object({
  id: z.number().int(),
  personKey: z.string(),
  invitationId: z.number().int().nullable(),
  walkInId: z.number().int().nullable(),
  takenAt: z.string(),
  device: z.string(),
  file: z.string(),
  type: z.enum(['image/jpeg', 'image/png']),
});
export type PhotoRow = z.infer<typeof Photo>;
export type NewPhoto = Omit<PhotoRow, 'id'>;

const ANSWER = `id, document_id AS documentId, version, title, outcome, person_key AS personKey,
  invitation_id AS invitationId, walk_in_id AS walkInId, name, language, method, at, device, file`;
const PHOTO = `id, person_key AS personKey, invitation_id AS invitationId, walk_in_id AS walkInId,
  taken_at AS takenAt, device, file, type`;
/** A guest's rows (`ofGuest`): by the invitation, by the walk-in request that became it, or by the request. */
const OF_GUEST = `(invitation_id = @invitationId OR walk_in_id =
  (SELECT w.id FROM walk_ins w WHERE w.invitation_id = @invitationId) OR walk_in_id = @walkInId)`;
const ofGuest = (key: number) => ({ invitationId: invitationIdOf(key) ?? null, walkInId: walkInIdOf(key) ?? null });

const OF_WHO = `invitation_id IN (SELECT value FROM json_each(@invitations))
  OR walk_in_id IN (SELECT value FROM json_each(@walkIns)) OR person_key IN (SELECT value FROM json_each(@keys))`;

export function createAgreementsRepo(db: Database.Database) {
  const answersOfWho = db.prepare(`SELECT ${ANSWER} FROM agreement_answers WHERE ${OF_WHO} ORDER BY at`);
  const photosOfWho = db.prepare(`SELECT ${PHOTO} FROM guest_photos WHERE ${OF_WHO} ORDER BY taken_at`);
  const latestVersion = db.prepare(
    `SELECT version, hash FROM agreement_versions WHERE document_id = ? ORDER BY version DESC LIMIT 1`,
  );
  const addVersion = db.prepare(
    `INSERT INTO agreement_versions (document_id, version, hash, created_at) VALUES (?, ?, ?, ?)`,
  );
  const insertAnswer = db.prepare(`INSERT INTO agreement_answers (document_id, version, title, outcome, person_key,
    invitation_id, walk_in_id, name, language, method, at, device, file) VALUES (@documentId, @version, @title,
    @outcome, @personKey, @invitationId, @walkInId, @name, @language, @method, @at, @device, @file)`);
  const answerById = db.prepare(`SELECT ${ANSWER} FROM agreement_answers WHERE id = ?`);
  const lastSigned = db.prepare(`SELECT ${ANSWER} FROM agreement_answers
    WHERE person_key = ? AND document_id = ? AND outcome = 'signed' ORDER BY at DESC, id DESC LIMIT 1`);
  const signedForVisit = db.prepare(`SELECT ${ANSWER} FROM agreement_answers
    WHERE document_id = @documentId AND version = @version AND outcome = 'signed' AND ${OF_GUEST}
    ORDER BY id DESC LIMIT 1`);
  const answersOf = db.prepare(`SELECT ${ANSWER} FROM agreement_answers WHERE ${OF_GUEST}
    OR person_key = @personKey ORDER BY at DESC, id DESC LIMIT 100`);
  const answersBefore = db.prepare(`SELECT ${ANSWER} FROM agreement_answers WHERE at < ? ORDER BY id LIMIT 500`);
  const deleteAnswer = db.prepare(`DELETE FROM agreement_answers WHERE id = ?`);
  const insertPhoto = db.prepare(`INSERT INTO guest_photos (person_key, invitation_id, walk_in_id, taken_at, device,
    file, type) VALUES (@personKey, @invitationId, @walkInId, @takenAt, @device, @file, @type)`);
  const photoOf = db.prepare(`SELECT ${PHOTO} FROM guest_photos WHERE ${OF_GUEST}
    ORDER BY taken_at DESC, id DESC LIMIT 1`);
  const photosBefore = db.prepare(`SELECT ${PHOTO} FROM guest_photos WHERE taken_at < ? ORDER BY id LIMIT 500`);
  const deletePhoto = db.prepare(`DELETE FROM guest_photos WHERE id = ?`);
  // A walk-in's photo counts for their invitation once the mirror holds it.
  const photographed = db
    .prepare(
      `SELECT DISTINCT coalesce(p.invitation_id, w.invitation_id, ${walkInKeySql('p.walk_in_id')}) FROM guest_photos p
      LEFT JOIN walk_ins w ON w.id = p.walk_in_id LIMIT 20000`,
    )
    .pluck();
  const answer = (row: unknown) => Answer.parse(row);
  const photo = (row: unknown) => Photo.parse(row);
  return {
    /**
     * The current version of a document whose content hashes to `hash`: the
     * latest one when its hash is the same, else a new version after it.
     */
    versionOf(documentId: string, hash: string, now: string): number {
      const latest = latestVersion.get(documentId) as { version: number; hash: string } | undefined;
      if (latest?.hash === hash) return latest.version;
      const version = (latest?.version ?? 0) + 1;
      addVersion.run(documentId, version, hash, now);
      return version;
    },
    addAnswer(row: NewAnswer): AnswerRow {
      return answer(answerById.get(Number(insertAnswer.run(row).lastInsertRowid)));
    },
    answer(id: number): AnswerRow | undefined {
      const row = answerById.get(id);
      return row ? answer(row) : undefined;
    },
    /** The person's latest signature of a document, any version. */
    lastSigned(personKey: string, documentId: string): AnswerRow | undefined {
      const row = lastSigned.get(personKey, documentId);
      return row ? answer(row) : undefined;
    },
    /** A signature of this version given for this visit (the guest's invitation, or walk-in request). */
    signedForVisit(id: number, documentId: string, version: number): AnswerRow | undefined {
      const row = signedForVisit.get({ ...ofGuest(id), documentId, version });
      return row ? answer(row) : undefined;
    },
    /** A guest's answers (of this visit, and the person's earlier ones), newest first. */
    answersOf(id: number, personKey: string): AnswerRow[] {
      return answersOf.all({ ...ofGuest(id), personKey }).map(answer);
    },
    answersBefore(at: string): AnswerRow[] {
      return answersBefore.all(at).map(answer);
    },
    deleteAnswer(id: number): void {
      deleteAnswer.run(id);
    },
    addPhoto(row: NewPhoto): PhotoRow {
      const id = Number(insertPhoto.run(row).lastInsertRowid);
      return photo({ ...row, id });
    },
    /** The guest's latest photo (of the invitation, or the walk-in request that became it). */
    photoOf(id: number): PhotoRow | undefined {
      const row = photoOf.get(ofGuest(id));
      return row ? photo(row) : undefined;
    },
    /** Every answer and photo of these invitations, walk-in requests or person keys ("forget a visitor"). */
    ofPerson(who: { invitationIds: number[]; walkInIds: number[]; keys: string[] }): {
      answers: AnswerRow[];
      photos: PhotoRow[];
    } {
      const params = {
        invitations: JSON.stringify(who.invitationIds),
        walkIns: JSON.stringify(who.walkInIds),
        keys: JSON.stringify(who.keys),
      };
      return {
        answers: answersOfWho.all(params).map(answer),
        photos: photosOfWho.all(params).map(photo),
      };
    },
    photosBefore(at: string): PhotoRow[] {
      return photosBefore.all(at).map(photo);
    },
    /** The guests with a photo kept: invitation ids, or a walk-in's key while it has none (guest-key.ts). */
    photographed(): number[] {
      return photographed.all() as number[];
    },
    deletePhoto(id: number): void {
      deletePhoto.run(id);
    },
  };
}
export type AgreementsRepo = ReturnType<typeof createAgreementsRepo>;
