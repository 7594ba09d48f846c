import { ApiProperty } from '@nestjs/swagger';

export class ApiErrorDetailDto {
  // The example is a real answer: PATCH …/spaces/{spaceUuid} with `{ "name": 12 }`.
  @ApiProperty({ type: 'integer', example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'ValidationError' })
  name!: string;

  @ApiProperty({ example: 'Invalid request: name: name must be a string' })
  message!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Details; for validation errors, each offending field path with its messages',
    example: { name: ['name must be a string'] },
  })
  data!: Record<string, unknown>;
}

export class ApiErrorEnvelopeDto {
  @ApiProperty({ enum: ['error'] })
  status!: 'error';

  @ApiProperty({ type: ApiErrorDetailDto })
  error!: ApiErrorDetailDto;
}
