import { registerDecorator, ValidationOptions } from 'class-validator';
import {
  MAX_WEBHOOK_HEADER_VALUE_LENGTH,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_URL_LENGTH,
  RESERVED_WEBHOOK_HEADERS,
} from '../subscription.constants';
import { isWebhookSecret } from '../webhook-secret';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const NUMERIC = /^\d+$/;

function validator(name: string, message: string, validate: (value: unknown) => boolean, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message, ...options },
      validator: { validate },
    });
}

/** An absolute http(s) URL without credentials (those belong in `headers`), at most 2048 characters. */
export const IsWebhookUrl = () =>
  validator(
    'isWebhookUrl',
    `$property must be an absolute http or https URL without user info, at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
    (value) => {
      if (typeof value !== 'string' || value.length > MAX_WEBHOOK_URL_LENGTH || !URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    },
  );

/** String values with valid header names, none of the headers a delivery sets itself. */
export const IsWebhookHeaders = () =>
  validator(
    'isWebhookHeaders',
    `$property must map at most ${MAX_WEBHOOK_HEADERS} header names to string values (no line breaks, at most ` +
      `${MAX_WEBHOOK_HEADER_VALUE_LENGTH} characters); ${RESERVED_WEBHOOK_HEADERS.join(', ')} are set by the service`,
    (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const entries = Object.entries(value);
      return (
        entries.length <= MAX_WEBHOOK_HEADERS &&
        entries.every(
          ([name, headerValue]) =>
            HEADER_NAME.test(name) &&
            !RESERVED_WEBHOOK_HEADERS.includes(name.toLowerCase()) &&
            typeof headerValue === 'string' &&
            headerValue.length <= MAX_WEBHOOK_HEADER_VALUE_LENGTH &&
            HEADER_VALUE.test(headerValue),
        )
      );
    },
  );

export const IsWebhookSecret = () =>
  validator('isWebhookSecret', '$property must be whsec_ followed by the base64 of 24 to 64 bytes', isWebhookSecret);

/** `latest`, `beginning`, or a non-negative integer given as a number or a numeric string. */
export const IsSubscriptionPosition = () =>
  validator(
    'isSubscriptionPosition',
    '$property must be "latest", "beginning" or a non-negative integer',
    (value) =>
      value === 'latest' ||
      value === 'beginning' ||
      (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === 'string' && NUMERIC.test(value) && Number.isSafeInteger(Number(value))),
  );
