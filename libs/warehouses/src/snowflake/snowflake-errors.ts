import { connectionFailure, type ConnectionStep, networkStep } from '../adapter/connection-error';

interface SnowflakeLikeError {
  code?: number | string;
  cause?: unknown;
  message?: string;
}

/** Which step a failed Snowflake login failed at (the SDK's error codes and the server's). */
export function snowflakeConnectionStep(error: unknown): ConnectionStep {
  const { code, cause, message = '' } = (error ?? {}) as SnowflakeLikeError;
  const network = networkStep(error) ?? networkStep(cause);
  if (network) return network;
  const numeric = Number(code);
  if (numeric === 390189 || /role .* (is not granted|does not exist)/i.test(message)) return 'role';
  if (numeric >= 390100 && numeric < 390200) return 'authenticate';
  if (numeric >= 404000 && numeric < 405000) return 'configuration';
  if (/incorrect username or password|JWT token is invalid|authenticat/i.test(message)) return 'authenticate';
  return 'connect';
}

export function snowflakeConnectionError(error: unknown) {
  const code = (error as SnowflakeLikeError | null)?.code;
  return connectionFailure(snowflakeConnectionStep(error), 'Snowflake', error, code === undefined ? {} : { code });
}
