import { call, waitFor } from '@quarry/testing';

/** What E15 needs beside the name: the warehouse and where the transform project lives under DATA_DIR. */
export interface ProjectToCreate {
  name: string;
  warehouseConnection: Record<string, unknown>;
  projectDir: string;
}

/** Creates a project over HTTP (E15), as a user would, and returns it with its compile job. */
export async function createProject(
  baseUrl: string,
  token: string,
  project: ProjectToCreate,
): Promise<{ projectUuid: string; compileJobId: string }> {
  const created = await call(baseUrl, 'POST', '/api/v1/org/projects', {
    token,
    body: {
      name: project.name,
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection: project.warehouseConnection,
      transformConnection: { type: 'transform', project_dir: project.projectDir },
    },
  });
  if (created.status !== 200)
    throw new Error(`Creating the project "${project.name}" failed (${created.status}): ${JSON.stringify(created.body)}`);
  const results = created.body.results.project as { projectUuid: string; compile: { jobId: string } };
  return { projectUuid: results.projectUuid, compileJobId: results.compile.jobId };
}

/** The same, then waits for a worker to finish its compile (a failed compile throws). */
export async function createCompiledProject(baseUrl: string, token: string, project: ProjectToCreate): Promise<string> {
  const { projectUuid, compileJobId } = await createProject(baseUrl, token, project);
  await waitFor(
    `the project "${project.name}" to compile`,
    async () => {
      const job = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${compileJobId}/status`, { token });
      const status = job.body.results?.status as string | undefined;
      if (status === 'error') throw new Error(`The compile failed: ${JSON.stringify(job.body.results.details)}`);
      return status === 'completed' ? true : undefined;
    },
    180_000,
    250,
  );
  return projectUuid;
}

/**
 * Waits until no pre-aggregate of the project is queued or building and each has been built (or
 * failed) at least once: a build on the worker would otherwise be timed, and counted in the
 * worker's memory, as part of whatever case runs meanwhile. Returns the failed ones' errors.
 */
export async function waitForPreAggregateBuilds(baseUrl: string, token: string, projectUuid: string): Promise<string[]> {
  let failures: string[] = [];
  await waitFor(
    'the pre-aggregates to be built',
    async () => {
      const listed = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token });
      if (listed.status !== 200) throw new Error(`Listing pre-aggregates answered ${listed.status}: ${JSON.stringify(listed.body)}`);
      const preAggregates = listed.body.results as Array<{ name: string; lastBuild: { status: string; error: string | null } | null }>;
      if (
        preAggregates.some(
          (preAggregate) =>
            !preAggregate.lastBuild || preAggregate.lastBuild.status === 'queued' || preAggregate.lastBuild.status === 'building',
        )
      )
        return undefined;
      failures = preAggregates.flatMap((preAggregate) =>
        preAggregate.lastBuild?.status === 'failed' ? [`${preAggregate.name}: ${preAggregate.lastBuild.error ?? 'failed'}`] : [],
      );
      return true;
    },
    600_000,
    250,
  );
  return failures;
}
