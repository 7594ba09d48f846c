import type { AppConfigValues } from '@quarry/server/config';

import { awaitCompile } from '../demo/await-compile';
import { compileOutcome } from '../demo/compile-outcome';
import { type DemoProject, DemoProjectReader } from '../demo/demo-project-reader';
import { requeueLostCompile } from '../demo/lost-compile';
import { lostCompileDependencies } from '../demo/lost-compile-dependencies';
import { sampleQuery } from '../demo/sample-query';
import { waitForHealth } from '../launcher/wait-for-health';
import {
  announceAccess,
  announceCompiling,
  announceDemoFailed,
  announceUp,
  type DemoState,
  sqlApiAddress,
  type Terminal,
} from './announce';
import type { FirstStart } from './bootstrap';
import { DEMO_PROJECT_PATH } from './demo-project';
import { withServices } from './with-services';

const HEALTH_NOTICE_MS = 90_000;

/**
 * Once the API answers its health check, reports readiness (below); says so when the API is slow to
 * answer, and keeps waiting (a loaded machine). Never rejects: the launcher keeps the API and
 * worker running whatever this finds.
 */
export async function reportWhenReady(
  config: AppConfigValues,
  firstStart: FirstStart | undefined,
  terminal: Terminal,
  signal: AbortSignal,
): Promise<void> {
  const healthUrl = `http://127.0.0.1:${config.server.port}`;
  try {
    if (!(await waitForHealth(healthUrl, HEALTH_NOTICE_MS, signal)) && !signal.aborted) {
      terminal.say(`The API has not answered within ${HEALTH_NOTICE_MS / 1000} s; still waiting (see the logs above).`);
      await waitForHealth(healthUrl, Number.POSITIVE_INFINITY, signal);
    }
    if (!signal.aborted) await reportReadiness(config, firstStart, terminal, signal);
  } catch (error) {
    terminal.say(`Could not read the demo project's state: ${(error as Error).message}`);
    // The first start's token is shown only here: never lose it to that error.
    announceAccess(terminal, config.server.siteUrl, firstStart, undefined);
  }
}

/**
 * Says "Quarry is up" once the API answers and the demo project (first start or not) has finished
 * compiling, so the first query a newcomer sends works; a compile in flight is waited for, and a
 * failed one reported with its error. `config` must carry the metadata database and SECRET_KEY.
 */
async function reportReadiness(
  config: AppConfigValues,
  firstStart: FirstStart | undefined,
  terminal: Terminal,
  signal: AbortSignal,
): Promise<void> {
  const siteUrl = config.server.siteUrl;
  const sqlApi = sqlApiAddress(siteUrl, config.sqlApi.port);
  await withServices(
    config,
    async (app) => {
      const reader = new DemoProjectReader(app, config.secretKey as string);
      const demo = await reader.find(DEMO_PROJECT_PATH);
      if (!demo) {
        announceUp(terminal, siteUrl, firstStart, undefined, sqlApi);
        return;
      }
      const read = () => reader.compileSnapshot(demo.projectUuid);
      const current = compileOutcome(await read());
      if (current.state === 'compiling') {
        const requeued = await requeueLostCompile(demo.projectUuid, lostCompileDependencies(app));
        if (requeued)
          terminal.say(`The demo project's compile job was no longer in the queue (Redis emptied?): queued it again (job ${requeued}).`);
        announceCompiling(terminal, siteUrl, demo);
      }
      const outcome = current.state === 'compiling' ? await awaitCompile(read, signal) : current;
      if (!outcome) return;
      const state = await demoState(reader, demo);
      if (outcome.state === 'failed') announceDemoFailed(terminal, siteUrl, firstStart, state, outcome.error, sqlApi);
      else announceUp(terminal, siteUrl, firstStart, state, sqlApi);
    },
    { withProjects: true },
  );
}

async function demoState(reader: DemoProjectReader, demo: DemoProject): Promise<DemoState> {
  const explores = await reader.explores(demo.projectUuid);
  return { ...demo, exploreCount: explores.length, sample: sampleQuery(explores) };
}
