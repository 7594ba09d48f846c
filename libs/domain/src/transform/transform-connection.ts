/** Where a project's transform (dbt) project comes from: the reference's eight, neutrally named. */
export const TRANSFORM_TYPES = [
  'transform',
  'transform_cloud_ide',
  'github',
  'gitlab',
  'bitbucket',
  'azure_devops',
  'none',
  'manifest',
] as const;
export type TransformType = (typeof TRANSFORM_TYPES)[number];

export const TRANSFORM_VERSIONS = ['v1.4', 'v1.5', 'v1.6', 'v1.7', 'v1.8', 'v1.9', 'v1.10'] as const;
export type TransformVersion = (typeof TRANSFORM_VERSIONS)[number];

export interface TransformEnvironmentVariable {
  key: string;
  value: string;
}

interface TransformRunOptions {
  target?: string;
  environment?: TransformEnvironmentVariable[];
  selector?: string;
}

/** A project folder on this host: `<project_dir>/target/manifest.json` when present, else its YAML. */
export interface LocalTransformConnection extends TransformRunOptions {
  type: 'transform';
  project_dir: string;
  profiles_dir?: string;
}

/** The manifest itself, sent inline. */
export interface ManifestTransformConnection {
  type: 'manifest';
  manifest: Record<string, unknown>;
}

export interface NoTransformConnection {
  type: 'none';
}

interface GitTransformFields extends TransformRunOptions {
  repository: string;
  branch: string;
  project_sub_path: string;
  personal_access_token: string;
  host_domain?: string;
}

export interface GithubTransformConnection extends GitTransformFields {
  type: 'github';
}

export interface GitlabTransformConnection extends GitTransformFields {
  type: 'gitlab';
}

export interface BitbucketTransformConnection extends GitTransformFields {
  type: 'bitbucket';
  username: string;
}

export interface AzureDevopsTransformConnection extends Omit<GitTransformFields, 'host_domain'> {
  type: 'azure_devops';
  organization: string;
  project: string;
}

export type GitTransformConnection =
  GithubTransformConnection | GitlabTransformConnection | BitbucketTransformConnection | AzureDevopsTransformConnection;

/** The hosted IDE's metadata API, from which the latest manifest of an environment is fetched. */
export interface CloudIdeTransformConnection {
  type: 'transform_cloud_ide';
  api_key: string;
  environment_id: string;
  discovery_api_endpoint?: string;
  tags?: string[];
}

export type TransformConnection =
  LocalTransformConnection | ManifestTransformConnection | NoTransformConnection | GitTransformConnection | CloudIdeTransformConnection;

/** Fields that are never returned or logged. */
export const TRANSFORM_SECRET_FIELDS = ['personal_access_token', 'api_key'] as const;

/** The connection as responses show it: secrets removed, an inline manifest summarised. */
export function redactTransformConnection(connection: TransformConnection): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...connection };
  for (const field of TRANSFORM_SECRET_FIELDS) delete shown[field];
  if (connection.type === 'manifest') delete shown['manifest'];
  return shown;
}
