import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Keyboard from 'react-simple-keyboard';
// simple-keyboard's own styles, imported here once; kiosk.css sizes the keys for touch.
import 'react-simple-keyboard/build/css/index.css';
import type { KioskLanguage } from '../../lib/languages.ts';
import { type KeyboardScript, keyboardRows, keyboardScripts, keyLabel } from './keyboard-layout.ts';
import { useTranslation } from './use-translation.ts';

const BUTTON_THEME = [
  { class: 'key-space', buttons: '{space}' },
  { class: 'key-action', buttons: '{bksp} {clear} {latin} {cyrillic}' },
];

const SCRIPT_LABEL: Record<KeyboardScript, string> = { latin: 'ABC', cyrillic: 'АБВ' };

/**
 * The on-screen keyboard of the kiosk's language. It types through
 * `onKey` (a letter, or {bksp}, {space}, {clear}); a physical keyboard keeps
 * typing into the field as ever. Keys are buttons (a screen reader names
 * them), and pressing one never takes the focus away from where it is.
 */
export function OnScreenKeyboard({
  language,
  digits = false,
  onKey,
}: {
  language: KioskLanguage;
  digits?: boolean;
  onKey(key: string): void;
}) {
  const { t, locale } = useTranslation();
  // The switch holds within a language; another language starts on its own first script.
  const [choice, setChoice] = useState<{ language: KioskLanguage; script: KeyboardScript } | null>(null);
  const script = choice?.language === language ? choice.script : keyboardScripts(language)[0]!;
  const rows = useMemo(() => keyboardRows(language, script, digits), [language, script, digits]);

  const display = useMemo(() => {
    const labels: Record<string, string> = {
      '{bksp}': '⌫',
      '{space}': t('keySpace'),
      '{clear}': t('clear'),
      '{latin}': SCRIPT_LABEL.latin,
      '{cyrillic}': SCRIPT_LABEL.cyrillic,
    };
    for (const key of rows.flatMap((row) => row.split(' ')))
      if (!key.startsWith('{')) labels[key] = keyLabel(key, locale);
    return labels;
  }, [rows, locale, t]);

  // react-simple-keyboard rebuilds every key when any prop changes identity: keep them all stable, so a
  // keystroke (which re-renders the screen twice) costs no keyboard rebuild.
  const layout = useMemo(() => ({ default: rows }), [rows]);
  const attributes = useMemo(
    () => [
      { attribute: 'aria-label', value: t('keyBackspace'), buttons: '{bksp}' },
      { attribute: 'aria-label', value: t('keyLatin'), buttons: '{latin}' },
      { attribute: 'aria-label', value: t('keyCyrillic'), buttons: '{cyrillic}' },
    ],
    [t],
  );
  const keyHandler = useRef(onKey);
  useEffect(() => {
    keyHandler.current = onKey;
  }, [onKey]);
  const onKeyPress = useCallback(
    (button: string) => {
      if (button === '{latin}' || button === '{cyrillic}')
        setChoice({ language, script: button === '{latin}' ? 'latin' : 'cyrillic' });
      else keyHandler.current(button);
    },
    [language],
  );

  return (
    <div className="kiosk-keyboard" role="group" aria-label={t('keyboard')} data-testid="kiosk-keyboard">
      <Keyboard
        layout={layout}
        layoutName="default"
        display={display}
        theme="hg-theme-default kiosk-keys"
        useButtonTag
        preventMouseDownDefault
        disableButtonHold
        buttonTheme={BUTTON_THEME}
        buttonAttributes={attributes}
        onKeyPress={onKeyPress}
      />
    </div>
  );
}
