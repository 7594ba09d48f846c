import { Injectable } from '@nestjs/common';
import type { Principal } from '@quarry/domain';

export interface ProjectContentCopier {
  /** What it copies, for error messages. */
  readonly name: string;
  /** Copiers run in increasing order: spaces (0) before what lives in them (charts, then dashboards). */
  readonly order: number;
  /**
   * Copies into the preview only what `by` may view in the upstream project: the preview's
   * creator becomes its admin, so anything copied is theirs to read.
   */
  copy(fromProjectUuid: string, toProjectUuid: string, by: Principal): Promise<void>;
}

/**
 * Content features (spaces, charts, dashboards) register their copier here when their module
 * starts, so that creating a preview project with `copyContent` copies whatever content exists.
 * Copiers run by their `order`, whatever order the modules start in.
 */
@Injectable()
export class ProjectContentCopiers {
  private readonly copiers: ProjectContentCopier[] = [];

  register(copier: ProjectContentCopier): void {
    if (this.copiers.includes(copier)) return;
    this.copiers.push(copier);
    this.copiers.sort((a, b) => a.order - b.order);
  }

  list(): readonly ProjectContentCopier[] {
    return this.copiers;
  }
}
