import { ALL_JOB_NAMES, ALL_QUEUE_NAMES, JOB_QUEUE } from './job-names';
import { jobRunOptions } from './job-options';

describe('job contracts', () => {
  it('puts every job on a known queue', () => {
    for (const name of ALL_JOB_NAMES) expect(ALL_QUEUE_NAMES).toContain(JOB_QUEUE[name]);
  });

  it('gives every job retry options with backoff and bounded retention', () => {
    for (const name of ALL_JOB_NAMES) {
      const options = jobRunOptions(name);
      expect(options.attempts).toBeGreaterThanOrEqual(1);
      expect(options.backoff.delay).toBeGreaterThan(0);
      expect(options.removeOnComplete.count).toBeGreaterThan(0);
      expect(options.removeOnFail.age).toBeGreaterThan(0);
    }
  });

  it('keeps job and queue names unique', () => {
    expect(new Set(ALL_JOB_NAMES).size).toBe(ALL_JOB_NAMES.length);
    expect(new Set(ALL_QUEUE_NAMES).size).toBe(ALL_QUEUE_NAMES.length);
  });
});
