/**
 * Reports progress at most once per `intervalMs`; reports never block the export and their
 * failures are ignored (progress is informative, the result is what counts). `flush` sends the
 * final figure and waits for it.
 */
export function throttled(
  report: (rows: number) => Promise<void>,
  intervalMs: number,
): ((rows: number) => void) & { flush: (rows: number) => Promise<void> } {
  let last = 0;
  const send = (rows: number): void => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    void report(rows).catch(() => undefined);
  };
  return Object.assign(send, { flush: (rows: number) => report(rows).catch(() => undefined) });
}
