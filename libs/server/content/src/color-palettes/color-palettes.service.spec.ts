import { randomUUID } from 'node:crypto';

import type { OrganizationRole, Principal } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { ColorPalettesRepository, createDataSource, migrateDatabase } from '@quarry/server/database';
import { createTestDatabase, type TestDatabase } from '@quarry/testing';
import type { DataSource } from 'typeorm';

import { ColorPalettesService } from './color-palettes.service';
import { DEFAULT_PALETTE_NAME } from './default-palette';

/** Integration tier: the service on a real PostgreSQL, for what only concurrency shows. */
describe('ColorPalettesService on PostgreSQL', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let service: ColorPalettesService;

  const colors = (digit: string) => Array.from({ length: 20 }, () => `#${digit.repeat(6)}`);

  async function newOrganization(role: OrganizationRole = 'admin'): Promise<Principal> {
    const organizationUuid = randomUUID();
    await dataSource.query(`INSERT INTO organizations (organization_uuid, name) VALUES ($1, 'org')`, [organizationUuid]);
    return {
      userUuid: randomUUID(),
      email: 'a@example.com',
      firstName: '',
      lastName: '',
      organizationUuid,
      organizationRole: role,
      tokenUuid: randomUUID(),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('quarry_palettes');
    await migrateDatabase(database.url);
    dataSource = await createDataSource(database.url).initialize();
    // Organization-level checks never read projects.
    service = new ColorPalettesService(new ColorPalettesRepository(dataSource), new PolicyService(undefined as never));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('seeds exactly one active default palette when first uses race', async () => {
    const admin = await newOrganization();
    await Promise.all([
      ...Array.from({ length: 6 }, () => service.list(admin)),
      service.create(admin, { name: 'Brand', colors: colors('1') }),
      service.create(admin, { name: 'Other', colors: colors('2') }),
    ]);
    const palettes = await service.list(admin);
    expect(palettes.filter((palette) => palette.name === DEFAULT_PALETTE_NAME)).toHaveLength(1);
    expect(palettes.filter((palette) => palette.isActive).map((palette) => palette.name)).toEqual([DEFAULT_PALETTE_NAME]);
    expect(palettes).toHaveLength(3);
  });

  it('keeps one active palette under concurrent set-active calls, and the database refuses a second', async () => {
    const admin = await newOrganization();
    const created = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((digit) => service.create(admin, { name: digit, colors: colors(digit) })),
    );
    await Promise.all([...created, ...created].map((palette) => service.setActive(admin, palette.colorPaletteUuid)));
    const active = (await service.list(admin)).filter((palette) => palette.isActive);
    expect(active).toHaveLength(1);

    const other = created.find((palette) => palette.colorPaletteUuid !== active[0]?.colorPaletteUuid);
    await expect(
      dataSource.query(`UPDATE color_palettes SET is_active = true WHERE color_palette_uuid = $1`, [other?.colorPaletteUuid]),
    ).rejects.toThrow(/color_palettes_one_active/);
  });

  it('refuses duplicate names (any case), deleting the active palette, and writes by non-admins', async () => {
    const admin = await newOrganization();
    await service.create(admin, { name: 'Brand', colors: colors('3') });
    await expect(service.create(admin, { name: ' BRAND ', colors: colors('4') })).rejects.toMatchObject({ name: 'AlreadyExistsError' });
    const active = (await service.list(admin)).find((palette) => palette.isActive);
    await expect(service.delete(admin, active?.colorPaletteUuid as string)).rejects.toMatchObject({ name: 'ConflictError' });
    const editor = { ...admin, organizationRole: 'editor' as const };
    await expect(service.create(editor, { name: 'Nope', colors: colors('5') })).rejects.toMatchObject({ name: 'ForbiddenError' });
    expect(await service.list(editor)).toHaveLength(2);
  });
});
