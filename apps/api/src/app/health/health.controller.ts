import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ServiceUnavailableError } from '@quarry/domain';
import { Endpoint } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { DatabaseHealth } from '@quarry/server/database';
import { RedisHealth } from '@quarry/server/queue';

import { QUARRY_VERSION } from '../version';
import { HealthDto } from './health.dto';

@ApiTags('Health')
@Controller('api/v1/health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisHealth,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Health of the API and its dependencies',
    description: 'Answers 503, with the same details in error.data, when the metadata database or Redis is down.',
    response: HealthDto,
    isPublic: true,
    errors: [503],
  })
  async health(): Promise<HealthDto> {
    const [metadataDb, redis] = await Promise.all([this.database.check(), this.redis.check()]);
    const health: HealthDto = {
      healthy: metadataDb.status === 'up' && redis.status === 'up',
      version: QUARRY_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      metadataDb,
      redis,
      query: {
        maxLimit: this.config.query.maxLimit,
        maxPageSize: this.config.query.maxPageSize,
        defaultLimit: this.config.query.defaultLimit,
        csvCellsLimit: this.config.exports.maxCells > 0 ? this.config.exports.maxCells : Number.MAX_SAFE_INTEGER,
      },
    };
    if (!health.healthy) {
      const down = [metadataDb.status === 'down' && 'metadata database', redis.status === 'down' && 'Redis'].filter(Boolean);
      throw new ServiceUnavailableError(`Unhealthy: ${down.join(' and ')} unavailable`, { ...health });
    }
    return health;
  }
}
