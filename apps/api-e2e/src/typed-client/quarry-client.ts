import type { components, paths } from './quarry-api';

type Schemas = components['schemas'];

/** The `results` of an operation's 200 answer, as the OpenAPI document types it. */
type Results<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': { results: infer R } } } };
}
  ? R
  : never;

/**
 * A small client typed by the generated OpenAPI types: if the document stops describing these
 * operations (a renamed field, a lost response schema), this file no longer compiles.
 */
export class QuarryClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  me(): Promise<Results<'/api/v1/user', 'get'>> {
    return this.send('GET', '/api/v1/user');
  }

  createToken(body: Schemas['CreatePersonalAccessTokenDto']): Promise<Results<'/api/v1/user/me/personal-access-tokens', 'post'>> {
    return this.send('POST', '/api/v1/user/me/personal-access-tokens', body);
  }

  listProjects(): Promise<Results<'/api/v1/org/projects', 'get'>> {
    return this.send('GET', '/api/v1/org/projects');
  }

  /** Runs the query on the explore it names. */
  runQuery(
    projectUuid: string,
    body: Schemas['RunQueryDto'],
  ): Promise<Results<'/api/v1/projects/{projectUuid}/explores/{exploreId}/runQuery', 'post'>> {
    return this.send(
      'POST',
      `/api/v1/projects/${encodeURIComponent(projectUuid)}/explores/${encodeURIComponent(body.exploreName)}/runQuery`,
      body,
    );
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `ApiKey ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { status: 'ok'; results: T } | Schemas['ApiErrorEnvelopeDto'];
    if (envelope.status !== 'ok') throw new Error(`${method} ${path}: ${envelope.error.statusCode} ${envelope.error.message}`);
    return envelope.results;
  }
}
