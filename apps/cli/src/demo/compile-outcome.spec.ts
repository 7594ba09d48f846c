import { compileOutcome, type CompileSnapshot } from './compile-outcome';

const snapshot = (overrides: Partial<CompileSnapshot>): CompileSnapshot => ({
  compileStatus: 'pending',
  compileError: null,
  job: null,
  ...overrides,
});

describe('compileOutcome', () => {
  it('is ready once the project is compiled', () => {
    expect(compileOutcome(snapshot({ compileStatus: 'ready', job: { status: 'completed', error: null } }))).toEqual({ state: 'ready' });
  });

  it('is compiling while the job waits or runs', () => {
    expect(compileOutcome(snapshot({ compileStatus: 'pending', job: { status: 'scheduled', error: null } }))).toEqual({
      state: 'compiling',
    });
    expect(compileOutcome(snapshot({ compileStatus: 'compiling', job: { status: 'started', error: null } }))).toEqual({
      state: 'compiling',
    });
  });

  it('is still compiling after a failed attempt the job will retry', () => {
    const retried = snapshot({
      compileStatus: 'error',
      compileError: 'warehouse hiccup',
      job: { status: 'scheduled', error: 'warehouse hiccup' },
    });
    expect(compileOutcome(retried)).toEqual({ state: 'compiling' });
  });

  it("has failed with the job's error once its last attempt failed", () => {
    const failed = snapshot({
      compileStatus: 'error',
      compileError: 'bad YAML',
      job: { status: 'error', error: 'bad YAML in orders.yml' },
    });
    expect(compileOutcome(failed)).toEqual({ state: 'failed', error: 'bad YAML in orders.yml' });
  });

  it("has failed with the project's error when no job is left to retry it", () => {
    expect(compileOutcome(snapshot({ compileStatus: 'error', compileError: 'bad YAML' }))).toEqual({ state: 'failed', error: 'bad YAML' });
  });

  it('has failed when the job could not even be queued, before any attempt', () => {
    const unqueued = snapshot({
      compileStatus: 'pending',
      job: { status: 'error', error: 'The job queue was unavailable when the job was submitted' },
    });
    expect(compileOutcome(unqueued)).toEqual({ state: 'failed', error: 'The job queue was unavailable when the job was submitted' });
  });
});
