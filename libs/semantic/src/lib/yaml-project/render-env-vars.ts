import { TransformProjectError } from '@quarry/domain';

const ENV_VAR = /\{\{\s*env_var\(\s*(['"])([^'"]+)\1\s*(?:,\s*(['"])([^'"]*)\3\s*)?\)\s*\}\}/g;

/**
 * Profiles usually read secrets and hosts with `{{ env_var('NAME', 'default') }}`; that is the
 * one piece of Jinja rendered here, from the environment the caller passes (never process.env,
 * so this stays pure and testable).
 */
export function renderEnvVars(text: string, env: Readonly<Record<string, string>>, where: string): string {
  return text.replace(ENV_VAR, (_match, _quote: string, name: string, _defaultQuote: string | undefined, fallback: string | undefined) => {
    const value = env[name] ?? fallback;
    if (value === undefined) {
      throw new TransformProjectError(`${where} reads the environment variable ${name}, which is not set`, { variable: name });
    }
    return value;
  });
}
