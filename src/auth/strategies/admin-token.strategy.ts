import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Strategy } from 'passport-custom';
import { EnvironmentVariables } from '../../config/environment-variables';
import { bearerToken } from './bearer-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Without ADMIN_TOKEN every operator request is refused: there is no default token. */
@Injectable()
export class AdminTokenStrategy extends PassportStrategy(Strategy, 'admin-token') {
  private readonly expected: Buffer | null;

  constructor(config: EnvironmentVariables) {
    super();
    this.expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : null;
  }

  validate(request: unknown): { operator: true } | false {
    const token = bearerToken(request);
    // Comparing fixed-length digests keeps the comparison constant-time whatever the token's length.
    return this.expected !== null && token !== null && timingSafeEqual(digest(token), this.expected) ? { operator: true } : false;
  }
}
