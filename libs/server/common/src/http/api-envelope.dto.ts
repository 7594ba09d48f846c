import { ApiProperty } from '@nestjs/swagger';

export class ApiErrorDetailDto {
  @ApiProperty({ type: 'integer', example: 404 })
  statusCode!: number;

  @ApiProperty({ example: 'NotFoundError' })
  name!: string;

  @ApiProperty({ example: 'Space not found' })
  message!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Details; for validation errors, each offending field path with its messages',
    example: { 'body.name': ['name must be a string'] },
  })
  data!: Record<string, unknown>;
}

export class ApiErrorEnvelopeDto {
  @ApiProperty({ enum: ['error'] })
  status!: 'error';

  @ApiProperty({ type: ApiErrorDetailDto })
  error!: ApiErrorDetailDto;
}
