/** What a transform connection yields for the semantic layer to load. */
export type TransformInput = { kind: 'manifest'; manifest: unknown } | { kind: 'yaml'; files: Record<string, string> } | { kind: 'none' };
