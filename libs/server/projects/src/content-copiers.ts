/**
 * Content features (spaces, charts, dashboards) register a copier under this token so that
 * creating a preview project with `copyContent` copies whatever content exists.
 */
export const PROJECT_CONTENT_COPIERS = Symbol('PROJECT_CONTENT_COPIERS');

export interface ProjectContentCopier {
  /** What it copies, for error messages. */
  readonly name: string;
  copy(fromProjectUuid: string, toProjectUuid: string, byUserUuid: string): Promise<void>;
}
