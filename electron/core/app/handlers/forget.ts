/** A visitor's data on request and their erasure (shared/contract/forget.ts), over electron/core/forget/. */
import type { forgetOperations } from '../../../../shared/contract/forget.ts';
import { dayKey, iso } from '../../../../shared/time.ts';
import { exportPerson, findPeople, forgetPerson } from '../../forget/forget.ts';
import { renderPersonPdf } from '../../forget/export-pdf.ts';
import { createFontBook, type FontBook } from '../../printing/fonts.ts';
import type { Handlers } from '../handler.ts';

let fonts: FontBook | undefined;

const fileStem = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'visitor';

export const forgetHandlers: Handlers<keyof typeof forgetOperations> = {
  'forget.find': ({ text }, { runtime, now }) => ({
    people: findPeople(runtime.mirror, runtime.config, text, now()),
  }),
  'forget.export': async ({ person, format }, { runtime, now }) => {
    const { person: found, held } = exportPerson(runtime.mirror, runtime.dataDir, person);
    const name = found.names[0] ?? found.emails[0] ?? 'visitor';
    const items = Object.values(held).reduce((sum, list) => sum + list.length, 0);
    const stem = `foyer-data-of-${fileStem(name)}-${dayKey(now())}`;
    const document = { person: { names: found.names, emails: found.emails, companies: found.companies }, held };
    if (format === 'json')
      return {
        person: name,
        fileName: `${stem}.json`,
        contentType: 'application/json',
        base64: Buffer.from(JSON.stringify({ generatedAt: iso(now()), ...document }, null, 2)).toString('base64'),
        items,
      };
    const pdf = await renderPersonPdf(
      `What this site holds about ${name}`,
      iso(now()),
      { person: [document.person], ...held },
      (fonts ??= createFontBook()),
    );
    return {
      person: name,
      fileName: `${stem}.pdf`,
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
      items,
    };
  },
  'forget.erase': async ({ person, confirmQueued }, { runtime, now, log }) => {
    // Out of the audit's transaction first: the erasure rewrites the whole mirror (VACUUM), which no transaction may hold.
    await Promise.resolve();
    return forgetPerson(
      { mirror: runtime.mirror, config: runtime.config, dataDir: runtime.dataDir, now: now(), ...(log ? { log } : {}) },
      person,
      confirmQueued,
    );
  },
};
