import { ValidateBy } from 'class-validator';

const EXAMPLE = 'e.g. https://app.example.com or http://localhost:5173';

/**
 * What is wrong with a list of origins, or null. Each entry must be exactly what a browser sends
 * in `Origin` (scheme, host, port unless the default; no path or trailing slash; lowercase),
 * since the check is a plain comparison: an entry a browser never sends would silently match
 * nothing. `*` allows every origin and stands alone. `null` (sandboxed frames, files) is refused:
 * any page can send it.
 */
export function originListProblem(origins: readonly string[]): string | null {
  if (origins.includes('*')) return origins.length === 1 ? null : 'CORS_ALLOWED_ORIGINS: "*" allows every origin and must stand alone';
  for (const origin of origins) {
    if (origin === '') return 'CORS_ALLOWED_ORIGINS has an empty entry (a stray comma?)';
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return `CORS_ALLOWED_ORIGINS: "${origin}" is not an origin (scheme://host[:port], ${EXAMPLE})`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return `CORS_ALLOWED_ORIGINS: "${origin}" must be an http:// or https:// origin (${EXAMPLE})`;
    }
    if (url.origin !== origin) {
      return `CORS_ALLOWED_ORIGINS: "${origin}" is not an origin as browsers send it (no path or trailing slash, lowercase, no default port): did you mean "${url.origin}"?`;
    }
  }
  return null;
}

/** The origins of CORS_ALLOWED_ORIGINS, one message naming the first bad entry. */
export function IsOriginList(): PropertyDecorator {
  return ValidateBy({
    name: 'isOriginList',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) && value.every((entry) => typeof entry === 'string') && originListProblem(value) === null,
      defaultMessage: (args) =>
        (Array.isArray(args?.value) && originListProblem(args.value)) || 'CORS_ALLOWED_ORIGINS must be a list of origins',
    },
  });
}
