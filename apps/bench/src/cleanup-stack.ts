/**
 * Undo steps registered as resources are acquired, run last-in first-out exactly once — from the
 * normal end, an error, or a signal, whichever comes first. A failing step does not stop the rest.
 */
export class CleanupStack {
  private readonly steps: Array<{ label: string; undo: () => Promise<unknown> | void }> = [];
  private running: Promise<string[]> | undefined;

  push(label: string, undo: () => Promise<unknown> | void): void {
    this.steps.push({ label, undo });
  }

  /** Runs every step once; resolves with the failures, one line each. */
  run(): Promise<string[]> {
    this.running ??= (async () => {
      const failures: string[] = [];
      for (const step of this.steps.splice(0).reverse()) {
        try {
          await step.undo();
        } catch (error) {
          failures.push(`${step.label}: ${(error as Error).message}`);
        }
      }
      return failures;
    })();
    return this.running;
  }
}
