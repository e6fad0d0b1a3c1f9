/**
 * How a person's name is written for people to read, once for the core (logs,
 * lists, badges, the audit) and the screens. Plain TypeScript: the renderer
 * bundles it.
 */

export interface NameParts {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/**
 * Scripts whose names are written family name first, without a space: Chinese
 * and the kanji of Japanese (Han), Japanese kana, Korean (Hangul).
 */
const FAMILY_NAME_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether the name is written family name first ("王超", "山田太郎", "김민준"). */
export function writesFamilyNameFirst(name: NameParts): boolean {
  return FAMILY_NAME_FIRST.test(`${name.firstName ?? ''}${name.lastName ?? ''}`);
}

/** The whole name in its own order: "Maria Popa", "王超"; '' when it has none (the caller says what stands in). */
export function personName(name: NameParts): string {
  const first = name.firstName?.trim() ?? '';
  const last = name.lastName?.trim() ?? '';
  return writesFamilyNameFirst(name) ? `${last}${first}` : [first, last].filter(Boolean).join(' ');
}

/** An employee as staff read them (a host, a list of employees): the name, else the e-mail address, else the number. */
export function employeeName(employee: NameParts & { id: number; email?: string | null | undefined }): string {
  return personName(employee) || employee.email || `Employee #${employee.id}`;
}
