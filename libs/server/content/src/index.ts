export * from './color-palettes/color-palettes.service';
export * from './color-palettes/default-palette';
export * from './color-palettes/palette-colors';
export * from './content.module';
export * from './spaces/project-spaces';
export * from './spaces/space-access.service';
