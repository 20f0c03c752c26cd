import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../principal';

/** The authenticated caller, as set by RequestAuthentication before the body was read. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest().user,
);
