import { join } from 'node:path';

import type { SampleQuery } from '../demo/sample-query';
import { runQueryCurl, sampleQueryPsql } from '../demo/sample-query';
import type { FirstStart } from './bootstrap';
import { DEMO_PROJECT_PATH } from './demo-project';

/** The variable the printed curl reads the token from, so the line never holds it. */
const TOKEN_VARIABLE = 'QUARRY_TOKEN';

export interface Terminal {
  /** A launcher line, `[quarry]`-prefixed. */
  say(line: string): void;
  /** A line printed bare, to paste into a shell. */
  print(line: string): void;
}

export interface DemoState {
  projectUuid: string;
  name: string;
  exploreCount: number;
  sample: SampleQuery | undefined;
}

export function announceCompiling(terminal: Terminal, siteUrl: string, demo: { name: string }): void {
  terminal.say(`The API is listening (Swagger UI: ${docsUrl(siteUrl)}); the demo project "${demo.name}" is still compiling.`);
  terminal.say('Quarry says it is up once the demo can be queried.');
}

export function announceUp(
  terminal: Terminal,
  siteUrl: string,
  firstStart: FirstStart | undefined,
  demo: DemoState | undefined,
  sqlApi?: { host: string; port: number },
): void {
  const what = demo ? `the demo project "${demo.name}" is compiled, ${demo.exploreCount} explores. ` : '';
  terminal.say(`Quarry is up: ${what}Swagger UI: ${docsUrl(siteUrl)}`);
  announceAccess(terminal, siteUrl, firstStart, demo, sqlApi);
}

export function announceDemoFailed(
  terminal: Terminal,
  siteUrl: string,
  firstStart: FirstStart | undefined,
  demo: DemoState,
  error: string,
  sqlApi?: { host: string; port: number },
): void {
  terminal.say(`The API is up (Swagger UI: ${docsUrl(siteUrl)}), but the demo project "${demo.name}" could not be compiled: ${error}`);
  terminal.say(
    `Fix the project in ${join('DATA_DIR', 'organizations', '<organizationUuid>', DEMO_PROJECT_PATH)}, then recompile: ` +
      `POST ${siteUrl}/api/v1/projects/${demo.projectUuid}/refresh`,
  );
  if (demo.exploreCount > 0) terminal.say(`Its ${demo.exploreCount} explores from an earlier compile still answer queries.`);
  announceAccess(terminal, siteUrl, firstStart, demo.exploreCount > 0 ? demo : undefined, sqlApi);
}

/** The token (first start only) and a first query to run on the demo. */
export function announceAccess(
  terminal: Terminal,
  siteUrl: string,
  firstStart: FirstStart | undefined,
  demo: DemoState | undefined,
  sqlApi?: { host: string; port: number },
): void {
  if (firstStart) {
    terminal.say(`First start: created an organization and its admin ${firstStart.adminEmail}.`);
    terminal.say(`Personal access token (shown once, keep it safe): ${firstStart.token}`);
  } else {
    terminal.say(`Need a token? npm run quarry -- create-token --email <your email>`);
  }
  if (!demo?.sample) {
    if (firstStart) terminal.say(`Try: curl -H "Authorization: ApiKey ${firstStart.token}" ${siteUrl}/api/v1/user`);
    return;
  }
  const curl = runQueryCurl(siteUrl, demo.projectUuid, demo.sample, TOKEN_VARIABLE);
  if (firstStart) {
    terminal.say(`Try a query on the demo (${demo.sample.title}): paste these two lines`);
    terminal.print(`export ${TOKEN_VARIABLE}=${firstStart.token}`);
  } else {
    terminal.say(
      `Try a query on the demo (${demo.sample.title}), with ${TOKEN_VARIABLE} set to your token ` +
        `(the one printed on the first start, or a new one from create-token):`,
    );
  }
  terminal.print(curl);
  if (sqlApi) {
    terminal.say('Or the same query in SQL, through the SQL API (any PostgreSQL client; the token is the password):');
    terminal.print(sampleQueryPsql(sqlApi, demo.projectUuid, demo.sample, TOKEN_VARIABLE));
  }
}

/** Where psql reaches the SQL API: the site's host name, the SQL API's port; undefined when it is off. */
export function sqlApiAddress(siteUrl: string, port: number | undefined): { host: string; port: number } | undefined {
  return port === undefined ? undefined : { host: new URL(siteUrl).hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

function docsUrl(siteUrl: string): string {
  return `${siteUrl}/api/docs`;
}
