import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../principal';

/** The authenticated caller, as set by the global AuthenticationGuard. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest().user,
);
