import { generateToken, hashToken } from './token-secret';

describe('token secrets', () => {
  it('generates distinct prefixed tokens with 256 bits of randomness', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^qry_[A-Za-z0-9_-]{43}$/);
  });

  it('hashes deterministically without revealing the token', () => {
    const token = generateToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token.slice(4, 20));
  });
});
