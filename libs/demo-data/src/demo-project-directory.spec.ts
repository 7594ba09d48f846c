import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

import { demoProjectDirectory } from './demo-project-directory';
import { temporaryDirectory } from './spec-support/temporary-directory';

describe('demoProjectDirectory', () => {
  let workspace: Awaited<ReturnType<typeof temporaryDirectory>>;
  beforeAll(async () => {
    workspace = await temporaryDirectory('demo-project-directory');
  });
  afterAll(() => workspace.remove());

  it('finds the project folder in the source tree', () => {
    const directory = demoProjectDirectory();
    expect(isAbsolute(directory)).toBe(true);
    expect(directory).toBe(resolve(__dirname, '..', 'project'));
    expect(existsSync(join(directory, 'dbt_project.yml'))).toBe(true);
  });

  it('finds it from a bundle deep under the workspace root, as dist/apps/<app>/main.js runs', () => {
    expect(demoProjectDirectory([resolve(__dirname, '../../../dist/apps/some-app')])).toBe(resolve(__dirname, '..', 'project'));
  });

  it('finds a copy shipped next to a built app as `demo-project`', async () => {
    const app = join(workspace.path, 'image', 'app');
    await mkdir(join(app, 'demo-project'), { recursive: true });
    await writeFile(join(app, 'demo-project', 'dbt_project.yml'), 'name: quarry_demo\n');
    expect(demoProjectDirectory([join(app, 'assets')])).toBe(join(app, 'demo-project'));
  });

  it('names the places it searched when the project is nowhere', () => {
    const nowhere = join(workspace.path, 'empty');
    expect(() => demoProjectDirectory([nowhere])).toThrow(new RegExp(`Cannot find the demo project .* ${nowhere}`));
  });
});
