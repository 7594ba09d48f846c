import { createServer, type Server } from 'node:http';

import type { CloudIdeTransformConnection } from '@quarry/domain';

import { fetchCloudManifest } from './cloud-ide';

describe('fetching a manifest from the hosted IDE API', () => {
  let server: Server;
  let endpoint: string;
  let requests = 0;
  const manifest = { metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' }, nodes: {} };

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      if (request.headers.authorization !== 'Bearer good-key') {
        response.writeHead(401).end();
      } else if (request.url === '/api/environments/42/manifest.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manifest));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const policy = { allowPrivateNetwork: false, allowedHosts: ['127.0.0.1'] };
  const connection = (overrides: Partial<CloudIdeTransformConnection>): CloudIdeTransformConnection => ({
    type: 'transform_cloud_ide',
    api_key: 'good-key',
    environment_id: '42',
    discovery_api_endpoint: endpoint,
    ...overrides,
  });

  it('returns the environment’s manifest', async () => {
    await expect(fetchCloudManifest(connection({}), policy)).resolves.toEqual({ kind: 'manifest', manifest });
  });

  it('names the api key when it is refused', async () => {
    await expect(fetchCloudManifest(connection({ api_key: 'bad' }), policy)).rejects.toMatchObject({
      data: { field: 'transformConnection.api_key' },
    });
  });

  it('names the environment when it is unknown', async () => {
    await expect(fetchCloudManifest(connection({ environment_id: '7' }), policy)).rejects.toMatchObject({
      data: { field: 'transformConnection.environment_id', status: 404 },
    });
  });

  it('names the endpoint when nothing answers there', async () => {
    await expect(fetchCloudManifest(connection({ discovery_api_endpoint: 'http://127.0.0.1:1' }), policy, 2_000)).rejects.toMatchObject({
      data: { field: 'transformConnection.discovery_api_endpoint' },
    });
  });

  it('refuses an endpoint the outbound policy does not allow, without calling it (the api_key is the caller’s choice)', async () => {
    const before = requests;
    await expect(fetchCloudManifest(connection({}), { allowPrivateNetwork: false, allowedHosts: [] })).rejects.toMatchObject({
      data: { field: 'transformConnection.discovery_api_endpoint' },
      message: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS'),
    });
    expect(requests).toBe(before);
  });

  it('does not follow a redirect (it could lead to a host the policy refuses)', async () => {
    const redirecting = createServer((_request, response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
    );
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}`;
      await expect(fetchCloudManifest(connection({ discovery_api_endpoint: url }), policy)).rejects.toMatchObject({
        data: { status: 302 },
      });
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
