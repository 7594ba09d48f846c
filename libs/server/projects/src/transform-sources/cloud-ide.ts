import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { type CloudIdeTransformConnection, TransformProjectError } from '@quarry/domain';
import { OutboundHostRefusedError, type OutboundPolicy, pinnedLookup, resolveAllowedHost } from '@quarry/server/common';

import type { TransformInput } from './transform-input';

const ENDPOINT_FIELD = 'transformConnection.discovery_api_endpoint';

/**
 * One GET to the address the outbound policy checked (pinned: DNS is not asked again), never
 * following a redirect — a redirect could lead anywhere, the metadata address included.
 */
async function pinnedGet(
  url: URL,
  policy: OutboundPolicy,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  const addresses = await resolveAllowedHost(policy, url.hostname);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      { method: 'GET', headers, lookup: pinnedLookup(addresses), signal: AbortSignal.timeout(timeoutMs) },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Fetches the latest manifest of an environment from the hosted IDE's API:
 * `GET <discovery_api_endpoint>/environments/<environment_id>/manifest.json` with the API key as
 * a bearer token — only from a host the outbound policy allows (the endpoint is the caller's choice).
 */
export async function fetchCloudManifest(
  connection: CloudIdeTransformConnection,
  policy: OutboundPolicy,
  timeoutMs = 60_000,
): Promise<TransformInput> {
  if (!connection.discovery_api_endpoint) {
    throw new TransformProjectError('discovery_api_endpoint is required for transform_cloud_ide', { field: ENDPOINT_FIELD });
  }
  const url = new URL(
    `${connection.discovery_api_endpoint.replace(/\/+$/, '')}/environments/${encodeURIComponent(connection.environment_id)}/manifest.json`,
  );
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TransformProjectError('discovery_api_endpoint must be an http(s) URL', { field: ENDPOINT_FIELD });
  let response: { status: number; body: string };
  try {
    response = await pinnedGet(url, policy, { authorization: `Bearer ${connection.api_key}`, accept: 'application/json' }, timeoutMs);
  } catch (error) {
    const why =
      error instanceof OutboundHostRefusedError
        ? error.message
        : `Could not reach ${connection.discovery_api_endpoint}: ${(error as Error).message}`;
    throw new TransformProjectError(why, { field: ENDPOINT_FIELD });
  }
  if (response.status === 401 || response.status === 403) {
    throw new TransformProjectError('The IDE API refused the api_key', { field: 'transformConnection.api_key', status: response.status });
  }
  if (response.status < 200 || response.status >= 300) {
    throw new TransformProjectError(`The IDE API answered ${response.status} for environment ${connection.environment_id}`, {
      field: 'transformConnection.environment_id',
      status: response.status,
    });
  }
  try {
    return { kind: 'manifest', manifest: JSON.parse(response.body) };
  } catch {
    throw new TransformProjectError('The IDE API did not return a JSON manifest');
  }
}
