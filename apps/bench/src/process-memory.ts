import { readFileSync } from 'node:fs';

/** A process's memory as Linux reports it in `/proc/<pid>/status`, in bytes. */
export interface ProcessMemory {
  /** Resident set size now. */
  rss: number;
  /** Peak resident set size over the process's lifetime ("high water mark"). */
  hwm: number;
}

function kilobytes(status: string, key: string): number {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${key} line`);
  return Number(match[1]) * 1024;
}

/** Reads `VmRSS` and `VmHWM` of a running process (Linux only). */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: kilobytes(status, 'VmRSS'), hwm: kilobytes(status, 'VmHWM') };
}

export const MB = 2 ** 20;

/**
 * Samples a process's `VmRSS` every `everyMs` until stopped, keeping the highest value seen.
 * A sample missed because the process just exited is skipped; `stop` takes one last sample.
 */
export function sampleRss(pid: number, everyMs = 100): { stop: () => { peakRss: number; samples: number } } {
  let peakRss = 0;
  let samples = 0;
  const sample = () => {
    try {
      peakRss = Math.max(peakRss, processMemory(pid).rss);
      samples += 1;
    } catch {
      // the process is gone
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peakRss, samples };
    },
  };
}
