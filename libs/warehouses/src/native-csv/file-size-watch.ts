import { stat } from 'node:fs/promises';

/** How often a file an engine is writing is measured: at 100 MB/s, the file passes its cap by at most ~10 MB. */
const EVERY_MS = 100;

/**
 * Watches a file an engine writes itself (DuckDB's COPY TO), which offers no byte limit of its
 * own: once it holds more than `maxBytes`, `stop` is called (interrupting the query) and
 * `exceeded` says so. Undefined `maxBytes`: nothing is watched.
 */
export class FileSizeWatch {
  exceeded = false;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(path: string, maxBytes: number | undefined, stop: () => void) {
    if (maxBytes === undefined) return;
    this.timer = setInterval(() => {
      stat(path).then(
        ({ size }) => {
          if (size <= maxBytes || this.exceeded) return;
          this.exceeded = true;
          stop();
        },
        () => undefined,
      );
    }, EVERY_MS);
  }

  end(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
