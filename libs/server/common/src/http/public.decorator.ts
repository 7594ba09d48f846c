import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'quarry:isPublic';

/** Marks a route that needs no token (health and docs only). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
