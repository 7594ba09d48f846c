import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A colour palette of an organization: 20 colours (and optionally 20 for dark mode). */
@Entity({ name: 'color_palettes' })
export class ColorPaletteEntity {
  @PrimaryColumn({ name: 'color_palette_uuid', type: 'uuid' })
  colorPaletteUuid!: string;

  @Column({ name: 'organization_uuid', type: 'uuid' })
  organizationUuid!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', array: true })
  colors!: string[];

  @Column({ name: 'dark_colors', type: 'text', array: true, nullable: true })
  darkColors!: string[] | null;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
