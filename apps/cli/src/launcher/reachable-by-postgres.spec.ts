import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { assertReachableByPostgresUser, unreachableByOthers } from './reachable-by-postgres';

describe('unreachableByOthers', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'reachable-'));
    mkdirSync(join(root, 'checkout', 'node_modules'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names the first folder, from the path up, that others cannot enter', () => {
    chmodSync(root, 0o755);
    chmodSync(join(root, 'checkout'), 0o700);
    expect(unreachableByOthers(join(root, 'checkout', 'node_modules'))).toBe(join(root, 'checkout'));
    expect(() => assertReachableByPostgresUser(join(root, 'checkout', 'node_modules'))).toThrow(
      `cannot enter ${join(root, 'checkout')} (no execute permission for others). Make it traversable (chmod o+x ${join(root, 'checkout')})`,
    );
  });

  it('passes a path every folder of which others may traverse', () => {
    chmodSync(root, 0o711);
    chmodSync(join(root, 'checkout'), 0o755);
    // The machine's own folders above the temporary one (/tmp is 1777) are traversable.
    expect(unreachableByOthers(join(root, 'checkout', 'node_modules'))).toBeUndefined();
  });
});
