import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AuthorizationError, type Principal } from '@quarry/domain';

export interface AuthenticatedRequest {
  principal?: Principal;
}

/** The authenticated caller, put on the request by the auth guard. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new AuthorizationError();
  return principal;
});
