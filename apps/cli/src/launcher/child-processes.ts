import { type ChildProcess, spawn } from 'node:child_process';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts a Node script as a child sharing our terminal, so its logs appear with ours. */
export function startNodeChild(name: string, script: string, env: NodeJS.ProcessEnv): ManagedChild {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ? null : code)));
  return { name, process: child, exited };
}

/** Asks each child to stop (SIGTERM), then kills whatever is still running after the grace period. */
export async function stopChildren(children: ManagedChild[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return;
      child.process.kill('SIGTERM');
      const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
      await child.exited;
      clearTimeout(timer);
    }),
  );
}
