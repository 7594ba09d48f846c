import { Module } from '@nestjs/common';
import { AuthModule } from '@quarry/server/auth';
import { DatabaseModule } from '@quarry/server/database';

/** What admin commands need: the metadata DB and the identity services (config comes from the caller). */
@Module({ imports: [DatabaseModule, AuthModule] })
export class CliModule {}
