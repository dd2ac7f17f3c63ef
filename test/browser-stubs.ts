/** What the browser gives the API clients, for their unit tests: storage in memory and a signed-in customer. */

export class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) { return this.map.get(key) ?? null; }
  setItem(key: string, value: string) { this.map.set(key, value); }
  removeItem(key: string) { this.map.delete(key); }
}

export const SIGNED_IN_USER = { token: 'tok-1', id: 1, username: '李娜', companyName: '示例', branch: '', job: '', userinfoNo: '', fileName: '' };

/** An answer a stubbed `fetch` gives: a status and envelope, or no answer at all. */
export type StubAnswer = { status: number; body: unknown } | 'network';

/** The next queued answer as a JSON response; a network failure when it says so or none is left. */
export function nextAnswer(answers: StubAnswer[]): Response {
  const next = answers.shift();
  if (!next || next === 'network') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
}
