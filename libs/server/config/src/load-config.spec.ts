import { ConfigError, loadConfig } from './load-config';

const SERVICE_ENV = { DATABASE_URL: 'postgres://u@localhost/db', SECRET_KEY: 'x'.repeat(32) };

function problemsOf(env: NodeJS.ProcessEnv, mode: 'launcher' | 'service' = 'service'): string[] {
  try {
    loadConfig(env, mode);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('works with no environment at all in the launcher', () => {
    const config = loadConfig({}, 'launcher');
    expect(config.server.port).toBe(8080);
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.database.url).toBeUndefined();
    expect(config.dataDir).toMatch(/\.quarry$/);
    expect(config.server.siteUrl).toBe('http://localhost:8080');
  });

  it('names the variable holding a bad value', () => {
    expect(problemsOf({ ...SERVICE_ENV, PORT: 'eighty' }).join()).toMatch(/PORT/);
    expect(problemsOf({ ...SERVICE_ENV, LOG_LEVEL: 'loud' }).join()).toMatch(/LOG_LEVEL must be one of/);
    expect(problemsOf({ ...SERVICE_ENV, REDIS_URL: 'localhost:6379' }).join()).toMatch(/REDIS_URL/);
    expect(problemsOf({ ...SERVICE_ENV, SECRET_KEY: 'short' }).join()).toMatch(/SECRET_KEY must be at least 32/);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ ...SERVICE_ENV, PORT: '99999', WORKER_CONCURRENCY: '0' });
    expect(problems).toHaveLength(2);
  });

  it('requires a database and secret key for API and worker processes', () => {
    expect(problemsOf({}).join()).toMatch(/DATABASE_URL is required/);
    expect(problemsOf({ DATABASE_URL: SERVICE_ENV.DATABASE_URL }).join()).toMatch(/SECRET_KEY is required/);
  });

  it('treats empty values as unset and converts numbers', () => {
    const config = loadConfig({ ...SERVICE_ENV, PORT: '', WORKER_CONCURRENCY: '4', SITE_URL: 'https://bi.example.com/' });
    expect(config.server.port).toBe(8080);
    expect(config.worker.concurrency).toBe(4);
    expect(config.server.siteUrl).toBe('https://bi.example.com');
  });
});
