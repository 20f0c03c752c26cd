import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { EnvironmentVariables } from '../../config/environment-variables';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Without ADMIN_TOKEN every operator request is refused: there is no default token. */
@Injectable()
export class AdminTokenStrategy extends PassportStrategy(BearerStrategy, 'admin-token') {
  private readonly expected: Buffer | null;

  constructor(config: EnvironmentVariables) {
    super();
    this.expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : null;
  }

  validate(token: string): { operator: true } | false {
    // Comparing fixed-length digests keeps the comparison constant-time whatever the token's length.
    return this.expected !== null && timingSafeEqual(digest(token), this.expected) ? { operator: true } : false;
  }
}
