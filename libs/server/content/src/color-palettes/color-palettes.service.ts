import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { AlreadyExistsError, ConflictError, NotFoundError, type Principal, QuarryError } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import {
  type ColorPaletteChanges,
  type ColorPaletteEntity,
  type ColorPaletteQueries,
  ColorPalettesRepository,
  type NewColorPalette,
} from '@quarry/server/database';

import { DEFAULT_PALETTE_COLORS, DEFAULT_PALETTE_DARK_COLORS, DEFAULT_PALETTE_NAME } from './default-palette';
import { normalizePaletteColors } from './palette-colors';

export interface CreateColorPaletteRequest {
  name: string;
  colors: readonly unknown[];
  /** Optional colours for dark mode; 20 like `colors`, or null for none. */
  darkColors?: readonly unknown[] | null;
}

export interface UpdateColorPaletteRequest {
  name?: string;
  colors?: readonly unknown[];
  darkColors?: readonly unknown[] | null;
}

/**
 * Colour palettes of the caller's organization (E13 and its write side). Every member lists
 * them; organization admins manage them. Exactly one palette is active per organization: the
 * default one is seeded, active, the first time an organization's palettes are used; setting
 * another active unsets the previous one in the same transaction; the active one cannot be deleted.
 */
@Injectable()
export class ColorPalettesService {
  constructor(
    private readonly palettes: ColorPalettesRepository,
    private readonly policy: PolicyService,
  ) {}

  async list(principal: Principal): Promise<ColorPaletteEntity[]> {
    this.policy.assert(principal, 'palettes:view');
    const queries = this.palettes.read();
    await queries.seedIfEmpty(defaultPalette(principal.organizationUuid));
    return queries.list(principal.organizationUuid);
  }

  async create(principal: Principal, request: CreateColorPaletteRequest): Promise<ColorPaletteEntity> {
    this.policy.assert(principal, 'palettes:manage');
    const name = paletteName(request.name);
    const colors = normalizePaletteColors(request.colors);
    const darkColors = request.darkColors ? normalizePaletteColors(request.darkColors, 'darkColors') : null;
    return this.write(principal, async (queries) => {
      await this.refuseTakenName(queries, principal.organizationUuid, name);
      const colorPaletteUuid = randomUUID();
      await queries.insert({ colorPaletteUuid, organizationUuid: principal.organizationUuid, name, colors, darkColors });
      return this.mustFind(queries, principal, colorPaletteUuid);
    });
  }

  async update(principal: Principal, colorPaletteUuid: string, request: UpdateColorPaletteRequest): Promise<ColorPaletteEntity> {
    this.policy.assert(principal, 'palettes:manage');
    const changes: ColorPaletteChanges = {};
    if (request.name !== undefined) changes.name = paletteName(request.name);
    if (request.colors !== undefined) changes.colors = normalizePaletteColors(request.colors);
    if (request.darkColors !== undefined) {
      changes.darkColors = request.darkColors === null ? null : normalizePaletteColors(request.darkColors, 'darkColors');
    }
    return this.write(principal, async (queries) => {
      await this.mustFind(queries, principal, colorPaletteUuid);
      if (changes.name !== undefined) await this.refuseTakenName(queries, principal.organizationUuid, changes.name, colorPaletteUuid);
      await queries.update(principal.organizationUuid, colorPaletteUuid, changes);
      return this.mustFind(queries, principal, colorPaletteUuid);
    });
  }

  async delete(principal: Principal, colorPaletteUuid: string): Promise<void> {
    this.policy.assert(principal, 'palettes:manage');
    await this.write(principal, async (queries) => {
      const palette = await this.mustFind(queries, principal, colorPaletteUuid);
      if (palette.isActive) {
        throw new ConflictError('The active colour palette cannot be deleted: set another palette active first', { colorPaletteUuid });
      }
      await queries.delete(principal.organizationUuid, colorPaletteUuid);
    });
  }

  async setActive(principal: Principal, colorPaletteUuid: string): Promise<ColorPaletteEntity> {
    this.policy.assert(principal, 'palettes:manage');
    return this.write(principal, async (queries) => {
      await this.mustFind(queries, principal, colorPaletteUuid);
      await queries.setActive(principal.organizationUuid, colorPaletteUuid);
      return this.mustFind(queries, principal, colorPaletteUuid);
    });
  }

  /** One transaction per write, serialized per organization, starting with the default palette. */
  private async write<T>(principal: Principal, work: (queries: ColorPaletteQueries) => Promise<T>): Promise<T> {
    const organizationUuid = principal.organizationUuid;
    const outcome = await this.palettes.write(organizationUuid, async (queries) => {
      await queries.seedIfEmpty(defaultPalette(organizationUuid));
      return { value: await work(queries) };
    });
    if (!outcome) throw new NotFoundError('Organization not found');
    return outcome.value;
  }

  private async mustFind(queries: ColorPaletteQueries, principal: Principal, colorPaletteUuid: string): Promise<ColorPaletteEntity> {
    const palette = await queries.find(principal.organizationUuid, colorPaletteUuid);
    if (!palette) throw new NotFoundError('Colour palette not found', { colorPaletteUuid });
    return palette;
  }

  private async refuseTakenName(queries: ColorPaletteQueries, organizationUuid: string, name: string, exceptUuid?: string): Promise<void> {
    if (await queries.nameTaken(organizationUuid, name, exceptUuid)) {
      throw new AlreadyExistsError(`A colour palette named "${name}" already exists in this organization`, { name });
    }
  }
}

function paletteName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new QuarryError('ValidationError', 'Invalid request: name: name must not be empty', { name: ['name must not be empty'] });
  return trimmed;
}

function defaultPalette(organizationUuid: string): NewColorPalette {
  return {
    colorPaletteUuid: randomUUID(),
    organizationUuid,
    name: DEFAULT_PALETTE_NAME,
    colors: [...DEFAULT_PALETTE_COLORS],
    darkColors: [...DEFAULT_PALETTE_DARK_COLORS],
  };
}
