import { SecretBox } from './secret-box';

const KEY = 'k'.repeat(40);

describe('SecretBox', () => {
  it('round-trips values and never repeats a ciphertext', () => {
    const box = new SecretBox(KEY);
    const value = { password: "p@ss'word\u00e9", nested: [1, null] };
    const first = box.sealJson(value);
    const second = box.sealJson(value);
    expect(first).not.toBe(second);
    expect(first).not.toContain('p@ss');
    expect(box.openJson(first)).toEqual(value);
  });

  it('refuses a tampered ciphertext or another key', () => {
    const sealed = new SecretBox(KEY).seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3] ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => new SecretBox(KEY).open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow();
  });

  it('derives independent keys per purpose', () => {
    const sealed = new SecretBox(KEY, 'a').seal('secret');
    expect(() => new SecretBox(KEY, 'b').open(sealed)).toThrow();
  });
});
