import { ApiProperty } from '@nestjs/swagger';

export class ComponentHealthDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ type: 'integer' })
  latencyMs!: number;

  /** Why the component is down */
  error?: string;
}

export class HealthDto {
  /** True when every component is up */
  healthy!: boolean;

  /** Quarry's version */
  version!: string;

  @ApiProperty({ type: 'integer' })
  uptimeSeconds!: number;

  metadataDb!: ComponentHealthDto;

  redis!: ComponentHealthDto;
}
