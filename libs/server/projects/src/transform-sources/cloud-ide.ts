import { type CloudIdeTransformConnection, TransformProjectError } from '@quarry/domain';

import type { TransformInput } from './transform-input';

/**
 * Fetches the latest manifest of an environment from the hosted IDE's API:
 * `GET <discovery_api_endpoint>/environments/<environment_id>/manifest.json` with the API key as
 * a bearer token. Node's built-in fetch (undici) is the HTTP client.
 */
export async function fetchCloudManifest(connection: CloudIdeTransformConnection, timeoutMs = 60_000): Promise<TransformInput> {
  if (!connection.discovery_api_endpoint) {
    throw new TransformProjectError('discovery_api_endpoint is required for transform_cloud_ide', {
      field: 'transformConnection.discovery_api_endpoint',
    });
  }
  const url = `${connection.discovery_api_endpoint.replace(/\/+$/, '')}/environments/${encodeURIComponent(connection.environment_id)}/manifest.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${connection.api_key}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TransformProjectError(`Could not reach ${connection.discovery_api_endpoint}: ${(error as Error).message}`, {
      field: 'transformConnection.discovery_api_endpoint',
    });
  }
  if (response.status === 401 || response.status === 403) {
    throw new TransformProjectError('The IDE API refused the api_key', { field: 'transformConnection.api_key', status: response.status });
  }
  if (!response.ok) {
    throw new TransformProjectError(`The IDE API answered ${response.status} for environment ${connection.environment_id}`, {
      field: 'transformConnection.environment_id',
      status: response.status,
    });
  }
  try {
    return { kind: 'manifest', manifest: await response.json() };
  } catch {
    throw new TransformProjectError('The IDE API did not return a JSON manifest');
  }
}
