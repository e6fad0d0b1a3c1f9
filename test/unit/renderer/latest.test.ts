import { describe, expect, it } from 'vitest';
import { latest, oneAtATime } from '../../../renderer/src/lib/latest.ts';

/** A request answered when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('latest request wins', () => {
  it('drops the answer of an older request that arrives after a newer one', async () => {
    const requests = latest();
    const older = deferred<string>();
    const newer = deferred<string>();
    const first = requests.run(() => older.promise);
    const second = requests.run(() => newer.promise);
    newer.resolve('newer');
    older.resolve('older');
    expect(await second).toEqual({ current: true, value: 'newer' });
    expect(await first).toEqual({ current: false });
  });

  it('throws only the error of the newest request; an older one’s is dropped with its answer', async () => {
    const requests = latest();
    const older = requests.run(() => Promise.reject(new Error('old failure')));
    await expect(requests.run(() => Promise.reject(new Error('new failure')))).rejects.toThrow('new failure');
    expect(await older).toEqual({ current: false });
  });

  it('lets several requests share a ticket (the pages of one view) until the next', async () => {
    const requests = latest();
    const ticket = requests.next();
    expect(await requests.run(async () => 1, ticket)).toEqual({ current: true, value: 1 });
    expect(await requests.run(async () => 2, requests.ticket())).toEqual({ current: true, value: 2 });
    const page = requests.run(async () => 3, ticket);
    requests.next();
    expect(await page).toEqual({ current: false });
    expect(requests.isCurrent(ticket)).toBe(false);
  });

  it('drops everything in flight when cancelled', async () => {
    const requests = latest();
    const pending = requests.run(async () => 'late');
    requests.cancel();
    expect(await pending).toEqual({ current: false });
  });
});

describe('one question at a time', () => {
  it('asks at once, and of the questions asked meanwhile only the newest, when the answer came', async () => {
    const asked: string[] = [];
    const answers: ReturnType<typeof deferred<void>>[] = [];
    const questions = oneAtATime<string>((text) => {
      asked.push(text);
      const answer = deferred<void>();
      answers.push(answer);
      return answer.promise;
    });
    const done = questions.ask('m');
    void questions.ask('mü');
    void questions.ask('mül');
    expect(asked).toEqual(['m']);
    answers[0]!.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toEqual(['m', 'mül']);
    answers[1]!.resolve();
    await done;
    expect(asked).toEqual(['m', 'mül']);
  });

  it('forgets what waits when dropped, and goes on after a failed question', async () => {
    const asked: string[] = [];
    let first = true;
    const questions = oneAtATime<string>(async (text) => {
      asked.push(text);
      if (first) {
        first = false;
        throw new Error('service gone');
      }
    });
    const done = questions.ask('a');
    void questions.ask('an');
    questions.drop();
    await done;
    expect(asked).toEqual(['a']);
    await questions.ask('anna');
    expect(asked).toEqual(['a', 'anna']);
  });
});
