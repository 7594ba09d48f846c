import { type ChildProcess, spawn } from 'node:child_process';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

const isRunning = (child: ManagedChild) => child.process.exitCode === null && child.process.signalCode === null;

/**
 * Starts a Node script as a child sharing our terminal, so its logs appear with ours, but in a process group of its
 * own (`detached`): Ctrl-C in the terminal reaches the launcher alone, which stops the children in order.
 */
export function startNodeChild(name: string, script: string, env: NodeJS.ProcessEnv): ManagedChild {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ? null : code)));
  const managed = { name, process: child, exited };
  // Out of the terminal's reach, a child must not outlive the launcher, however it ends.
  process.once('exit', () => killChildren([managed]));
  return managed;
}

/** Asks each child to stop (SIGTERM), then kills whatever is still running after the grace period. */
export async function stopChildren(children: ManagedChild[], graceMs = 8_000): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (!isRunning(child)) return;
      child.process.kill('SIGTERM');
      const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
      await child.exited;
      clearTimeout(timer);
    }),
  );
}

/** Stops the children at once (a second Ctrl-C). */
export function killChildren(children: ManagedChild[]): void {
  for (const child of children) if (isRunning(child)) child.process.kill('SIGKILL');
}
