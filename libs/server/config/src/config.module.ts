import { type DynamicModule, Global, Module } from '@nestjs/common';

import { AppConfig, type AppConfigValues } from './app-config';
import { loadConfig, type ProcessRole } from './load-config';

@Global()
@Module({})
export class ConfigModule {
  /** Provides AppConfig everywhere; pass values in tests, else it is read from the environment. */
  static forRoot(values?: AppConfigValues, role: ProcessRole = 'api'): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useFactory: () => values ?? loadConfig(process.env, 'service', role) }],
      exports: [AppConfig],
    };
  }
}
