import { type ProjectContentCopier, ProjectContentCopiers } from './content-copiers';

describe('ProjectContentCopiers', () => {
  it('lists copiers by order whatever order they register in, each once', () => {
    const copier = (name: string, order: number): ProjectContentCopier => ({ name, order, copy: async () => undefined });
    const registry = new ProjectContentCopiers();
    const [dashboards, spaces, charts] = [copier('dashboards', 20), copier('spaces', 0), copier('charts', 10)];
    for (const entry of [dashboards, spaces, charts, spaces]) registry.register(entry);
    expect(registry.list().map((entry) => entry.name)).toEqual(['spaces', 'charts', 'dashboards']);
  });
});
