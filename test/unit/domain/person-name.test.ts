/**
 * A person's name is written one way everywhere (the core's logs, lists and
 * badges; the desk, the kiosk, the console): given name first in scripts
 * that write it so, family name first without a space in those that write it
 * so (Chinese, Japanese, Korean).
 */
import { describe, expect, it } from 'vitest';
import { employeeName, personName, writesFamilyNameFirst } from '../../../shared/domain/person-name.ts';

describe('personName', () => {
  it.each([
    ['Latin', 'Maria', 'Popa', 'Maria Popa'],
    ['Latin with particles', 'Maarten', 'van der Meer', 'Maarten van der Meer'],
    ['Cyrillic', 'Иван', 'Петров', 'Иван Петров'],
    ['Chinese', '超', '王', '王超'],
    ['Chinese, two-character given name', '小明', '张', '张小明'],
    ['Japanese in kanji', '太郎', '山田', '山田太郎'],
    ['Japanese in kana', 'さくら', 'たなか', 'たなかさくら'],
    ['Korean', '민준', '김', '김민준'],
    ['Chinese written in pinyin', 'Chao', 'Wang', 'Chao Wang'],
  ])('%s: %s + %s is "%s"', (_script, firstName, lastName, written) => {
    expect(personName({ firstName, lastName })).toBe(written);
  });

  it('writes what there is when a part is missing, and nothing for no name', () => {
    expect(personName({ firstName: 'Maria', lastName: null })).toBe('Maria');
    expect(personName({ firstName: null, lastName: 'Popa' })).toBe('Popa');
    expect(personName({ firstName: ' Maria ', lastName: '  ' })).toBe('Maria');
    expect(personName({ firstName: undefined, lastName: '王' })).toBe('王');
    expect(personName({ firstName: '민준', lastName: '' })).toBe('민준');
    expect(personName({ firstName: null, lastName: null })).toBe('');
    expect(personName({ firstName: ' ', lastName: undefined })).toBe('');
  });

  it('takes family name first when either part is in such a script', () => {
    expect(writesFamilyNameFirst({ firstName: '超', lastName: '王' })).toBe(true);
    expect(writesFamilyNameFirst({ firstName: 'Chao', lastName: '王' })).toBe(true);
    expect(writesFamilyNameFirst({ firstName: 'さくら', lastName: null })).toBe(true);
    expect(writesFamilyNameFirst({ firstName: '민준', lastName: '김' })).toBe(true);
    expect(writesFamilyNameFirst({ firstName: 'Иван', lastName: 'Петров' })).toBe(false);
    expect(writesFamilyNameFirst({ firstName: 'Maria', lastName: 'Popa' })).toBe(false);
    expect(writesFamilyNameFirst({ firstName: null, lastName: null })).toBe(false);
  });
});

describe('employeeName', () => {
  it('is the name, else the e-mail address, else the employee number', () => {
    expect(employeeName({ id: 7, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' })).toBe(
      'Grace Hopper',
    );
    expect(employeeName({ id: 7, firstName: '超', lastName: '王', email: null })).toBe('王超');
    expect(employeeName({ id: 7, firstName: null, lastName: ' ', email: 'grace@example.test' })).toBe(
      'grace@example.test',
    );
    expect(employeeName({ id: 7, firstName: null, lastName: null, email: null })).toBe('Employee #7');
  });
});
