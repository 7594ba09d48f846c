import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';

import { OrganizationEntity } from '../entities/organization.entity';

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectRepository(OrganizationEntity) private readonly organizations: Repository<OrganizationEntity>) {}

  create(name: string): Promise<OrganizationEntity> {
    return this.organizations.save(this.organizations.create({ organizationUuid: randomUUID(), name }));
  }

  findByUuid(organizationUuid: string): Promise<OrganizationEntity | null> {
    return this.organizations.findOneBy({ organizationUuid });
  }

  count(): Promise<number> {
    return this.organizations.count();
  }
}
