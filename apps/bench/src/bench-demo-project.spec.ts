import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { demoProjectDirectory } from '@quarry/demo-data';

import { copyDemoProjectWithoutCrons } from './bench-demo-project';

describe('copyDemoProjectWithoutCrons', () => {
  it('copies the demo project with its pre-aggregates but none of their refresh crons', () => {
    const target = mkdtempSync(join(tmpdir(), 'bench-demo-'));
    try {
      copyDemoProjectWithoutCrons(target);
      const original = readFileSync(join(demoProjectDirectory(), 'models', 'events.yml'), 'utf8');
      const copied = readFileSync(join(target, 'models', 'events.yml'), 'utf8');
      expect(original).toMatch(/cron:/);
      expect(copied).not.toMatch(/cron:|refresh:/);
      expect(copied).toMatch(/events_daily_by_type/);
      expect(readFileSync(join(target, 'models', 'orders.yml'), 'utf8')).not.toMatch(/cron:/);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
