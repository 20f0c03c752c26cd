import { Command } from '@nestjs/cqrs';
import type { Principal } from '../principal';

export interface AccessToken {
  accessToken: string;
  expiresIn: number;
}

export class IssueAccessTokenCommand extends Command<AccessToken> {
  constructor(readonly principal: Principal) {
    super();
  }
}
