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

/** CPU time (user + system) a process has used so far, in microseconds, from `/proc/<pid>/stat`. */
export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces) start after its closing parenthesis; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1_000_000;
}

/** USER_HZ: Linux reports process times in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
