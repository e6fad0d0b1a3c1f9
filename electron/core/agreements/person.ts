/**
 * Whom a signature or a photo belongs to across visits: a returning guest
 * has a new invitation, so a signature is found again by the person. The
 * email (case aside) where there is one, else the names and company as
 * written (case and spacing aside): two people with one name and no email
 * at one company are taken as one, which at worst spares one a signature
 * the other gave (the desk sees whose it is).
 */
export function personKey(person: {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  companyName?: string | null | undefined;
}): string {
  const email = person.email?.trim().toLowerCase();
  if (email) return `email:${email}`;
  const part = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return `name:${part(person.firstName)}|${part(person.lastName)}|${part(person.companyName)}`;
}
