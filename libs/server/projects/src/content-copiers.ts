import { Injectable } from '@nestjs/common';

export interface ProjectContentCopier {
  /** What it copies, for error messages. */
  readonly name: string;
  copy(fromProjectUuid: string, toProjectUuid: string, byUserUuid: string): Promise<void>;
}

/**
 * Content features (spaces, charts, dashboards) register their copier here when their module
 * starts, so that creating a preview project with `copyContent` copies whatever content exists.
 * Copiers run in registration order: spaces first, then what lives in them.
 */
@Injectable()
export class ProjectContentCopiers {
  private readonly copiers: ProjectContentCopier[] = [];

  register(copier: ProjectContentCopier): void {
    if (!this.copiers.includes(copier)) this.copiers.push(copier);
  }

  list(): readonly ProjectContentCopier[] {
    return this.copiers;
  }
}
