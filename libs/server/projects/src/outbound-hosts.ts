import { ParameterError, type TransformConnection } from '@quarry/domain';
import { OutboundHostRefusedError, type OutboundPolicy, resolveAllowedHost } from '@quarry/server/common';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

/** A host a project makes Quarry connect to, and the request field that named it. */
export interface ProjectHost {
  field: string;
  host: string;
}

/** The host of a URL the caller gave, or the whole text when it is not a URL (then refused as invalid). */
function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** `host[:port]` → host (an IPv6 literal keeps its brackets off). */
function hostOfAuthority(authority: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(authority);
  if (bracketed) return bracketed[1] as string;
  return authority.includes(':') && authority.indexOf(':') === authority.lastIndexOf(':') ? (authority.split(':')[0] as string) : authority;
}

/** Every host a warehouse connection reaches (DuckDB and BigQuery name none a caller controls). */
export function warehouseHosts(warehouse: WarehouseConnectionConfig): ProjectHost[] {
  const hosts: ProjectHost[] = [];
  const fields: Record<string, unknown> = { ...warehouse };
  for (const field of ['host', 'serverHostName', 'sshTunnelHost'] as const) {
    const value = fields[field];
    if (typeof value === 'string' && value !== '') hosts.push({ field: `warehouseConnection.${field}`, host: value });
  }
  if (typeof fields['accessUrl'] === 'string' && fields['accessUrl'] !== '')
    hosts.push({ field: 'warehouseConnection.accessUrl', host: hostOfUrl(fields['accessUrl']) });
  return hosts;
}

/** The host a transform connection fetches from (git hosts, the cloud IDE API); local folders and inline manifests name none. */
export function transformHosts(connection: TransformConnection): ProjectHost[] {
  switch (connection.type) {
    case 'github':
    case 'gitlab':
    case 'bitbucket':
      return connection.host_domain ? [{ field: 'transformConnection.host_domain', host: hostOfAuthority(connection.host_domain) }] : [];
    case 'transform_cloud_ide':
      return connection.discovery_api_endpoint
        ? [{ field: 'transformConnection.discovery_api_endpoint', host: hostOfUrl(connection.discovery_api_endpoint) }]
        : [];
    case 'azure_devops':
    case 'transform':
    case 'manifest':
    case 'none':
      return [];
  }
}

/**
 * Refuses, with a 400 naming the field, a project whose warehouse or transform host the outbound
 * policy does not allow (resolved by DNS, every address checked), before anything connects to it.
 */
export async function assertProjectHostsAllowed(policy: OutboundPolicy, hosts: readonly ProjectHost[]): Promise<void> {
  for (const { field, host } of hosts) {
    try {
      await resolveAllowedHost(policy, host);
    } catch (error) {
      if (!(error instanceof OutboundHostRefusedError)) throw error;
      const message = `${field}: ${error.message}`;
      throw new ParameterError(message, { field, [field]: [message] });
    }
  }
}
