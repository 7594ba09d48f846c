import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ComponentHealth {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

/** Answers within the timeout whether the metadata database takes queries right now. */
@Injectable()
export class DatabaseHealth {
  constructor(private readonly dataSource: DataSource) {}

  async check(timeoutMs = 2_000): Promise<ComponentHealth> {
    const started = Date.now();
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), timeoutMs);
      return { status: 'up', latencyMs: Date.now() - started };
    } catch (error) {
      return { status: 'down', latencyMs: Date.now() - started, error: (error as Error).message };
    }
  }
}

export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
