import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators/auth.decorators';
import { ServiceIndexResponseDto } from './dto/service-index.response.dto';
import { SERVICE_INDEX, SERVICE_INDEX_PAGE } from './service-index';

/** HTML only when the client prefers it over JSON, as browsers do; any type (curl), none or anything else gets JSON. */
const prefersHtml = (accept: string | undefined) => negotiate(accept ?? '', ['application/json', 'text/html']) === 'text/html';

/**
 * The root, the first URL `npm start` prints: where to go from here. Public, like /health: no key,
 * not counted against any limit. One URL for people and programs, told apart by `Accept`.
 */
@ApiTags('Service')
@Public()
@Controller()
export class ServiceIndexController {
  @Get()
  @ApiOperation({
    operationId: 'getServiceIndex',
    summary: 'Where to go: the web console, the API explorer, the OpenAPI document, health',
    description: 'A client whose `Accept` prefers `text/html` (a browser) gets the same links as a page.',
  })
  @ApiExtraModels(ServiceIndexResponseDto)
  @ApiOkResponse({
    description: 'The links, as JSON or (for browsers) as a page; `Vary: Accept`',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ServiceIndexResponseDto) } },
      'text/html': { schema: { type: 'string' } },
    },
  })
  index(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    // Appended, not set: the CORS plugin may have put `Origin` there already.
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept` : 'Accept');
    if (prefersHtml(request.headers.accept)) {
      void reply.type('text/html; charset=utf-8').send(SERVICE_INDEX_PAGE);
      return;
    }
    void reply.send(SERVICE_INDEX);
  }
}
