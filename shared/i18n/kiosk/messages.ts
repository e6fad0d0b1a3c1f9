/**
 * Everything the kiosk says to a guest, in the 15 languages guests are
 * invited in, one file per locale under locales/ (as excalidraw keeps them).
 * English is the reference: every language must have every key (the type
 * says so, and a unit test checks the placeholders match).
 * Placeholders are written {name}.
 * Shared: the kiosk's screens say them, and so do the pairing screen and the
 * device's "cannot reach the hub" page (electron/main), which has no renderer.
 */
import type { KioskLanguage } from '../../languages.ts';
import { cs } from './locales/cs.ts';
import { de } from './locales/de.ts';
import { en, type KioskMessageKey, type KioskMessages } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { hr } from './locales/hr.ts';
import { hu } from './locales/hu.ts';
import { it } from './locales/it.ts';
import { nl } from './locales/nl.ts';
import { pl } from './locales/pl.ts';
import { pt } from './locales/pt.ts';
import { ro } from './locales/ro.ts';
import { ru } from './locales/ru.ts';
import { tr } from './locales/tr.ts';
import { zhCN } from './locales/zh-cn.ts';

export type { KioskMessageKey, KioskMessages };

export const KIOSK_MESSAGES: Record<KioskLanguage, KioskMessages> = {
  CS: cs,
  DE: de,
  EN: en,
  ES: es,
  FR: fr,
  HR: hr,
  HU: hu,
  IT: it,
  NL: nl,
  PL: pl,
  PT: pt,
  RO: ro,
  RU: ru,
  TR: tr,
  ZH_CN: zhCN,
};

/** A message in a language, with its {placeholders} filled in. */
export function translate(
  language: KioskLanguage,
  key: KioskMessageKey,
  values: Record<string, string | number> = {},
): string {
  const template = KIOSK_MESSAGES[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
