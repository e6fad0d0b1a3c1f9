/**
 * Errors are mapped to the contract's shape once, in core.call
 * (electron/core/errors.ts asAppError): no handler keeps a translator of
 * its own, and the domain's errors are the one error type, so a failure
 * means the same whichever operation raised it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/core/errors.ts';
import { NoSuchOutboxItem, RetryRefused } from '../../../electron/core/usecases/outbox-items.ts';
import { PushRefused } from '../../../electron/core/usecases/push-file.ts';
import { SettingRefused } from '../../../electron/core/usecases/settings.ts';
import { NoSuchGuest, TransitionRefused } from '../../../electron/core/outbox/transitions.ts';

const root = new URL('../../../', import.meta.url).pathname;
const handlers = `${root}electron/core/app/handlers/`;

describe('one domain error type, mapped once', () => {
  it('no handler translates errors itself', () => {
    const translators = readdirSync(handlers).filter((name) =>
      /function (asAppError|refused)\b|instanceof (TransitionRefused|NoSuchGuest|PushRefused|RetryRefused|NoSuchOutboxItem|SettingRefused)\b/.test(
        readFileSync(`${handlers}${name}`, 'utf8'),
      ),
    );
    expect(translators).toEqual([]);
  });

  it('each domain error is the one type, with one code for what it means', () => {
    const cases: [AppError, string][] = [
      [new TransitionRefused('the state is CHECKED_IN'), 'REFUSED'],
      [new NoSuchGuest(7), 'NOT_FOUND'],
      [new RetryRefused('not failed'), 'REFUSED'],
      [new NoSuchOutboxItem(7), 'NOT_FOUND'],
      [new PushRefused('errors', 'fix the rows'), 'REFUSED'],
      [new PushRefused('confirm', 'confirm it'), 'REFUSED'],
      [new PushRefused('no-group', 'choose the group'), 'INVALID_INPUT'],
      [new SettingRefused('pin', 'a PIN is 4 to 12 digits'), 'INVALID_INPUT'],
    ];
    for (const [error, code] of cases) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.code, error.name).toBe(code);
    }
    expect(new SettingRefused('pin', 'a PIN is 4 to 12 digits').toBody().error.details).toEqual([
      { path: 'pin', message: 'a PIN is 4 to 12 digits' },
    ]);
  });
});
