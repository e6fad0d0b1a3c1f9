/**
 * What comes between "Check in" and the check-in where the site asks for it:
 * the documents each guest signs (the guest, then each member of the party
 * ticked as here, one by one), then the photo. Signatures and the photo are
 * gathered here and sent when the last one is given: by the guest's ticket,
 * or, for a walk-in, by the request's ticket once the request is made.
 * Decline ends the guest's way at the kiosk ("please see reception"), and
 * the desk hears of it; a party member who declines is left out, the others
 * go on.
 */
import { create } from 'zustand';
import type { AgreementToSign, Signature } from '../../../../shared/contract/agreements.ts';
import { api } from '../../lib/api.ts';

export interface AgreementSigner {
  /** The guest's ticket (absent for a walk-in, who has none until the request is made). */
  ticket: string | null;
  /** The name shown ("Maria Popa", or "Jonas B." for a party member). */
  name: string;
  documents: AgreementToSign[];
}

export interface GivenSignature {
  ticket: string | null;
  documentId: string;
  version: number;
  language: string;
  signature: Signature;
}

export type AgreementPhase = 'sign' | 'photo' | 'sending' | 'declined';

interface Finish {
  /** Sends what was gathered and goes on (the check-in, or the walk-in's request). */
  done(signatures: GivenSignature[], photo: string | null, declinedTickets: string[]): Promise<void>;
  /** The first signer declined: nothing is checked in. */
  declined(): void;
}

interface AgreementState {
  phase: AgreementPhase | null;
  signers: AgreementSigner[];
  signer: number;
  document: number;
  /** The consent line, when the site takes photos; null: no photo step. */
  photoConsent: string[] | null;
  given: GivenSignature[];
  declinedTickets: string[];
  photo: string | null;
  finish: Finish | null;
  begin(signers: AgreementSigner[], photoConsent: string[] | null, finish: Finish): Promise<void>;
  accept(signature: Signature): Promise<void>;
  decline(): Promise<void>;
  choosePhoto(photo: string | null): Promise<void>;
  clear(): void;
}

type Data = Pick<
  AgreementState,
  'phase' | 'signers' | 'signer' | 'document' | 'photoConsent' | 'given' | 'declinedTickets' | 'photo' | 'finish'
>;
const IDLE: Data = {
  phase: null,
  signers: [],
  signer: 0,
  document: 0,
  photoConsent: null,
  given: [],
  declinedTickets: [],
  photo: null,
  finish: null,
};

export const useAgreement = create<AgreementState>()((set, get) => {
  /** The next document (of this signer, or the next signer's), else the photo, else done. */
  async function next(from: { signer: number; document: number }) {
    const { signers, photoConsent } = get();
    let { signer, document } = from;
    while (signer < signers.length && document >= signers[signer]!.documents.length) {
      signer++;
      document = 0;
    }
    if (signer < signers.length) return set({ phase: 'sign', signer, document });
    if (photoConsent && get().phase !== 'photo' && get().photo === null) return set({ phase: 'photo' });
    await send();
  }

  async function send() {
    const { finish, given, photo, declinedTickets } = get();
    set({ phase: 'sending' });
    try {
      await finish?.done(given, photo, declinedTickets);
    } finally {
      set({ ...IDLE });
    }
  }

  return {
    ...IDLE,
    async begin(signers, photoConsent, finish) {
      set({ ...IDLE, signers, photoConsent, finish, phase: 'sign' });
      await next({ signer: 0, document: 0 });
    },
    async accept(signature) {
      const { signers, signer, document, given } = get();
      const who = signers[signer];
      const doc = who?.documents[document];
      if (!who || !doc) return;
      const answer = { ticket: who.ticket, documentId: doc.documentId, version: doc.version, language: doc.language };
      set({ given: [...given, { ...answer, signature }] });
      await next({ signer, document: document + 1 });
    },
    async decline() {
      const { signers, signer, document, finish, declinedTickets, given } = get();
      const who = signers[signer];
      const doc = who?.documents[document];
      if (!who || !doc) return;
      if (who.ticket)
        // The desk hears of it; the guest is told in any case.
        await api
          .call('agreements.decline', { ticket: who.ticket, documentId: doc.documentId, version: doc.version })
          .catch(() => {});
      if (signer === 0) {
        set({ ...IDLE, phase: 'declined' });
        finish?.declined();
        return;
      }
      // A party member who declines is left out: their signatures are not sent, and they are not checked in.
      set({
        declinedTickets: who.ticket ? [...declinedTickets, who.ticket] : declinedTickets,
        given: given.filter((g) => g.ticket !== who.ticket),
      });
      await next({ signer: signer + 1, document: 0 });
    },
    async choosePhoto(photo) {
      set({ photo, photoConsent: null });
      await next({ signer: get().signers.length, document: 0 });
    },
    clear() {
      set({ ...IDLE });
    },
  };
});

/** Sends the signatures gathered, by the guest's ticket or (a walk-in) the request's. */
export async function sendSignatures(
  given: GivenSignature[],
  walkInRequestTicket: string | null = null,
): Promise<void> {
  for (const { ticket, ...answer } of given) {
    const signer = ticket ? { ticket } : walkInRequestTicket ? { requestTicket: walkInRequestTicket } : null;
    if (signer) await api.call('agreements.sign', { ...signer, ...answer });
  }
}
