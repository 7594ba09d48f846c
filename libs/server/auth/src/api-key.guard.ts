import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthorizationError } from '@quarry/domain';
import { type AuthenticatedRequest, IS_PUBLIC } from '@quarry/server/common';
import type { Request } from 'express';

import { PersonalAccessTokensService } from './personal-access-tokens.service';

// The scheme may be omitted so a bare token pasted into Swagger UI works too.
const AUTHORIZATION = /^(?:(?:ApiKey|Bearer)\s+)?(qry_\S+)\s*$/i;

/** Global guard: every route needs `Authorization: ApiKey <token>` unless marked @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: PersonalAccessTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (!header) throw new AuthorizationError('Missing Authorization header: send "Authorization: ApiKey <token>"');
    const match = AUTHORIZATION.exec(header);
    if (!match?.[1]) throw new AuthorizationError('Malformed Authorization header: send "Authorization: ApiKey <token>"');
    request.principal = await this.tokens.authenticate(match[1]);
    return true;
  }
}
