import { createServer, type Server } from 'node:http';

import type { CloudIdeTransformConnection } from '@quarry/domain';

import { fetchCloudManifest } from './cloud-ide';

describe('fetching a manifest from the hosted IDE API', () => {
  let server: Server;
  let endpoint: string;
  const manifest = { metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' }, nodes: {} };

  beforeAll(async () => {
    server = createServer((request, response) => {
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

  const connection = (overrides: Partial<CloudIdeTransformConnection>): CloudIdeTransformConnection => ({
    type: 'transform_cloud_ide',
    api_key: 'good-key',
    environment_id: '42',
    discovery_api_endpoint: endpoint,
    ...overrides,
  });

  it('returns the environment’s manifest', async () => {
    await expect(fetchCloudManifest(connection({}))).resolves.toEqual({ kind: 'manifest', manifest });
  });

  it('names the api key when it is refused', async () => {
    await expect(fetchCloudManifest(connection({ api_key: 'bad' }))).rejects.toMatchObject({ data: { field: 'transformConnection.api_key' } });
  });

  it('names the environment when it is unknown', async () => {
    await expect(fetchCloudManifest(connection({ environment_id: '7' }))).rejects.toMatchObject({
      data: { field: 'transformConnection.environment_id', status: 404 },
    });
  });

  it('names the endpoint when nothing answers there', async () => {
    await expect(fetchCloudManifest(connection({ discovery_api_endpoint: 'http://127.0.0.1:1' }), 2_000)).rejects.toMatchObject({
      data: { field: 'transformConnection.discovery_api_endpoint' },
    });
  });
});
