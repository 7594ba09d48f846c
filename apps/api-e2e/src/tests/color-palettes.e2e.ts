import { randomUUID } from 'node:crypto';

import { call } from '../support/api-client';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, organizationUuid } = sharedQuarry();
const PATH = '/api/v1/org/color-palettes';

interface Palette {
  colorPaletteUuid: string;
  organizationUuid: string;
  name: string;
  createdAt: string;
  colors: string[];
  darkColors: string[] | null;
  isActive: boolean;
}

/** The ColorPalette resource of the spec: field → JSON type ('timestamp' = ISO-8601 string). */
const SPEC_FIELDS: Record<string, 'string' | 'timestamp' | 'string[]' | 'boolean'> = {
  colorPaletteUuid: 'string',
  organizationUuid: 'string',
  name: 'string',
  createdAt: 'timestamp',
  colors: 'string[]',
  darkColors: 'string[]',
  isActive: 'boolean',
};

function expectSpecShape(palette: Record<string, unknown>): void {
  expect(Object.keys(palette).sort()).toEqual(Object.keys(SPEC_FIELDS).sort());
  for (const [field, type] of Object.entries(SPEC_FIELDS)) {
    const value = palette[field];
    if (type === 'string') expect(typeof value).toBe('string');
    if (type === 'boolean') expect(typeof value).toBe('boolean');
    if (type === 'timestamp') {
      expect(typeof value).toBe('string');
      expect(new Date(value as string).toISOString()).toBe(value);
    }
    if (type === 'string[]') {
      // Clarification 12: spec fields are always present, null when empty (darkColors of a palette without them).
      if (field === 'darkColors' && value === null) continue;
      expect(Array.isArray(value)).toBe(true);
      expect((value as unknown[]).every((item) => typeof item === 'string')).toBe(true);
    }
  }
}

function colors(seed: number): string[] {
  return Array.from({ length: 20 }, (_, index) => `#${((seed * 7919 + index * 104729) % 0xffffff).toString(16).padStart(6, '0')}`);
}

let counter = 0;
function uniqueName(label: string): string {
  counter += 1;
  return `${label} ${process.pid}-${Date.now()}-${counter}`;
}

async function list(token = adminToken): Promise<Palette[]> {
  const response = await call(baseUrl, 'GET', PATH, { token });
  expect(response.status).toBe(200);
  return response.body.results as Palette[];
}

async function create(name: string, paletteColors = colors(counter + 1)): Promise<Palette> {
  const response = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { name, colors: paletteColors } });
  expect(response.status).toBe(201);
  return response.body.results as Palette;
}

async function setActive(colorPaletteUuid: string): Promise<{ status: number; body: { results: Palette } }> {
  return call(baseUrl, 'POST', `${PATH}/${colorPaletteUuid}/active`, { token: adminToken });
}

describe('colour palettes (E13)', () => {
  let initiallyActive: string;

  beforeAll(async () => {
    const palettes = await list();
    const active = palettes.filter((palette) => palette.isActive);
    expect(active).toHaveLength(1);
    initiallyActive = active[0]?.colorPaletteUuid as string;
  });

  // Other suites share the organization: leave the palette that was active, active.
  afterAll(async () => {
    if (initiallyActive) await setActive(initiallyActive);
  });

  it('lists the palettes in the exact shape of the spec, with exactly one active, to every member', async () => {
    const palettes = await list();
    expect(palettes.length).toBeGreaterThanOrEqual(1);
    for (const palette of palettes) {
      expectSpecShape(palette as unknown as Record<string, unknown>);
      expect(palette.organizationUuid).toBe(organizationUuid);
      expect(palette.colors).toHaveLength(20);
    }
    expect(palettes.filter((palette) => palette.isActive)).toHaveLength(1);

    const viewer = await userWithToken('viewer');
    const seen = await list(viewer.token);
    expect(seen.map((palette) => palette.colorPaletteUuid).sort()).toEqual(palettes.map((palette) => palette.colorPaletteUuid).sort());
  });

  it('creates, updates, activates and deletes a palette', async () => {
    const name = uniqueName('Brand');
    const sent = colors(1);
    sent[0] = '#ABCDEF';
    sent[1] = '#F0a';
    const created = await create(name, sent);
    expectSpecShape(created as unknown as Record<string, unknown>);
    expect(created).toMatchObject({ name, organizationUuid, isActive: false, darkColors: null });
    expect(created.colors.slice(0, 2)).toEqual(['#abcdef', '#ff00aa']);
    expect((await list()).find((palette) => palette.colorPaletteUuid === created.colorPaletteUuid)).toEqual(created);

    // Names are unique per organization, ignoring case.
    const duplicate = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { name: name.toUpperCase(), colors: colors(2) } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.name).toBe('AlreadyExistsError');

    const renamed = uniqueName('Brand renamed');
    const updated = await call(baseUrl, 'PATCH', `${PATH}/${created.colorPaletteUuid}`, {
      token: adminToken,
      body: { uuid: created.colorPaletteUuid, name: renamed, colors: colors(3), darkColors: colors(4) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.results).toMatchObject({
      colorPaletteUuid: created.colorPaletteUuid,
      name: renamed,
      colors: colors(3),
      darkColors: colors(4),
      isActive: false,
    });
    expect(updated.body.results.createdAt).toBe(created.createdAt);

    const onlyName = await call(baseUrl, 'PATCH', `${PATH}/${created.colorPaletteUuid}`, {
      token: adminToken,
      body: { name: `${renamed}!` },
    });
    expect(onlyName.status).toBe(200);
    expect(onlyName.body.results).toMatchObject({ name: `${renamed}!`, colors: colors(3) });

    const mismatch = await call(baseUrl, 'PATCH', `${PATH}/${created.colorPaletteUuid}`, {
      token: adminToken,
      body: { uuid: randomUUID(), name: 'x' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.data).toHaveProperty('uuid');

    const activated = await setActive(created.colorPaletteUuid);
    expect(activated.status).toBe(200);
    expect(activated.body.results).toMatchObject({ colorPaletteUuid: created.colorPaletteUuid, isActive: true });
    const afterActivation = await list();
    expect(afterActivation.filter((palette) => palette.isActive).map((palette) => palette.colorPaletteUuid)).toEqual([
      created.colorPaletteUuid,
    ]);

    const deleteActive = await call(baseUrl, 'DELETE', `${PATH}/${created.colorPaletteUuid}`, { token: adminToken });
    expect(deleteActive.status).toBe(409);
    expect(deleteActive.body.error).toMatchObject({
      name: 'ConflictError',
      message: expect.stringMatching(/active colour palette cannot be deleted/),
    });

    expect((await setActive(initiallyActive)).status).toBe(200);
    const deleted = await call(baseUrl, 'DELETE', `${PATH}/${created.colorPaletteUuid}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'ok' });
    expect((await list()).some((palette) => palette.colorPaletteUuid === created.colorPaletteUuid)).toBe(false);
    expect((await call(baseUrl, 'DELETE', `${PATH}/${created.colorPaletteUuid}`, { token: adminToken })).status).toBe(404);
  });

  it('leaves exactly one palette active after concurrent set-active calls', async () => {
    const palettes = await Promise.all([1, 2, 3, 4].map(() => create(uniqueName('Race'))));
    const uuids = palettes.map((palette) => palette.colorPaletteUuid);
    for (let round = 0; round < 3; round += 1) {
      const responses = await Promise.all([...uuids, initiallyActive, ...uuids].map((uuid) => setActive(uuid)));
      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
      const active = (await list()).filter((palette) => palette.isActive);
      expect(active).toHaveLength(1);
      expect([...uuids, initiallyActive]).toContain(active[0]?.colorPaletteUuid);
    }
    expect((await setActive(initiallyActive)).status).toBe(200);
    for (const uuid of uuids) expect((await call(baseUrl, 'DELETE', `${PATH}/${uuid}`, { token: adminToken })).status).toBe(200);
  });

  it('requires exactly 20 hex colours, naming the offending field', async () => {
    const tooFew = await call(baseUrl, 'POST', PATH, {
      token: adminToken,
      body: { name: uniqueName('Few'), colors: colors(5).slice(0, 19) },
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error.name).toBe('ValidationError');
    expect(tooFew.body.error.data).toHaveProperty('colors');
    expect(tooFew.body.error.message).toMatch(/20 colors/);

    const tooMany = await call(baseUrl, 'POST', PATH, {
      token: adminToken,
      body: { name: uniqueName('Many'), colors: [...colors(5), '#000000'] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.data).toHaveProperty('colors');

    const badEntries = colors(6);
    badEntries[5] = 'red';
    badEntries[12] = '#12345';
    const bad = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { name: uniqueName('Bad'), colors: badEntries } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data).sort()).toEqual(['colors[12]', 'colors[5]']);

    const badDark = await call(baseUrl, 'POST', PATH, {
      token: adminToken,
      body: { name: uniqueName('Dark'), colors: colors(7), darkColors: ['#000'] },
    });
    expect(badDark.status).toBe(400);
    expect(badDark.body.error.data).toHaveProperty('darkColors');

    const notArray = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { name: uniqueName('Str'), colors: '#000000' } });
    expect(notArray.status).toBe(400);
    expect(notArray.body.error.data).toHaveProperty('colors');

    const noName = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { colors: colors(8) } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.data).toHaveProperty('name');

    const blankName = await call(baseUrl, 'POST', PATH, { token: adminToken, body: { name: '   ', colors: colors(8) } });
    expect(blankName.status).toBe(400);
    expect(blankName.body.error.data).toHaveProperty('name');

    const extra = await call(baseUrl, 'POST', PATH, {
      token: adminToken,
      body: { name: uniqueName('Extra'), colors: colors(9), isActive: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.data).toHaveProperty('isActive');

    const target = (await list())[0] as Palette;
    const badUpdate = await call(baseUrl, 'PATCH', `${PATH}/${target.colorPaletteUuid}`, {
      token: adminToken,
      body: { colors: ['#000000'] },
    });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error.data).toHaveProperty('colors');
  });

  it('lets non-admins list but not change palettes', async () => {
    const editor = await userWithToken('editor');
    const palettes = await list(editor.token);
    const target = palettes[0] as Palette;
    const writes = [
      await call(baseUrl, 'POST', PATH, { token: editor.token, body: { name: uniqueName('Editor'), colors: colors(10) } }),
      await call(baseUrl, 'PATCH', `${PATH}/${target.colorPaletteUuid}`, { token: editor.token, body: { name: uniqueName('Editor') } }),
      await call(baseUrl, 'DELETE', `${PATH}/${target.colorPaletteUuid}`, { token: editor.token }),
      await call(baseUrl, 'POST', `${PATH}/${target.colorPaletteUuid}/active`, { token: editor.token }),
    ];
    for (const response of writes) {
      expect(response.status).toBe(403);
      expect(response.body.error.name).toBe('ForbiddenError');
    }
    expect(await list()).toEqual(palettes);
  });

  it('answers 404 for an unknown palette and 400 for a malformed id', async () => {
    const unknown = randomUUID();
    for (const response of [
      await call(baseUrl, 'PATCH', `${PATH}/${unknown}`, { token: adminToken, body: { name: uniqueName('Ghost') } }),
      await call(baseUrl, 'DELETE', `${PATH}/${unknown}`, { token: adminToken }),
      await setActive(unknown),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.name).toBe('NotFoundError');
    }
    const malformed = await call(baseUrl, 'DELETE', `${PATH}/not-a-uuid`, { token: adminToken });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.data).toHaveProperty('colorPaletteUuid');
  });

  it('needs a token', async () => {
    expect((await call(baseUrl, 'GET', PATH)).status).toBe(401);
  });
});
