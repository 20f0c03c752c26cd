import type { ServiceIndexResponseDto } from './dto/service-index.response.dto';

export const SERVICE_INDEX: ServiceIndexResponseDto = {
  name: 'Event Store Service',
  links: { console: '/console', docs: '/docs', openApi: '/docs-json', health: '/health', readiness: '/health/ready' },
};

const LINKS: [href: string, label: string, what: string][] = [
  [SERVICE_INDEX.links.console, 'Web console', 'stores, streams, events and subscriptions; sign in with an API key'],
  [SERVICE_INDEX.links.docs, 'API explorer', 'every endpoint, to read and to try'],
  [SERVICE_INDEX.links.openApi, 'OpenAPI document', 'for generated clients'],
  [SERVICE_INDEX.links.health, 'Health', `liveness; readiness at ${SERVICE_INDEX.links.readiness}`],
];

/** `GET /` for a person in a browser: the same links as the JSON, as a page. Static, no script. */
export const SERVICE_INDEX_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SERVICE_INDEX.name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2328}a{color:#0969da}li{margin:.5rem 0}</style>
</head>
<body>
<h1>${SERVICE_INDEX.name}</h1>
<p>This is the service's HTTP API. Where to go:</p>
<ul>
${LINKS.map(([href, label, what]) => `<li><a href="${href}">${label}</a> (<code>${href}</code>): ${what}</li>`).join('\n')}
</ul>
<p>Programs asking <code>GET /</code> without preferring HTML get these links as JSON.</p>
</body>
</html>
`;
