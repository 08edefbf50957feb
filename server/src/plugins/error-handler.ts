import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_TYPES,
  validationMessage,
  type ErrorDetail,
  type ErrorPayload,
  type ErrorType,
} from '@tagtrack/contract';
import { AppError } from '../lib/errors.js';
import { SQLSTATE, sqlState, uniqueViolation } from '../lib/pg-error.js';
import { CONFLICT_RETRY_AFTER_SECONDS, isTransientConflict } from '../lib/retry.js';

/** Builds the spec's error envelope for a request. */
export function envelope(
  request: FastifyRequest,
  type: ErrorType,
  detail: ErrorDetail,
  id = randomUUID(),
): ErrorPayload {
  return {
    type,
    detail,
    id,
    request: `${request.method} ${request.url}`,
    time: new Date().toISOString(),
    'user-agent': String(request.headers['user-agent'] ?? ''),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, type: ErrorType, detail: ErrorDetail, status?: number) {
  const body = envelope(request, type, detail);
  return reply
    .status(status ?? ERROR_TYPES[type].status)
    .type('application/json')
    .send(body);
}

/** Zod issues → { field: [messages] }; issues about the whole body go to non_field_errors. */
export function issuesToDetail(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string[] = [],
): Record<string, string[]> {
  const detail: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.') || 'non_field_errors';
    (detail[key] ??= []).push(validationMessage(issue.message));
  }
  return detail;
}

/**
 * A multipart body the parser could not read (busboy's errors carry no code, only these
 * messages): a boundary that is not the announced one, a truncated body, a broken part header.
 */
const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of (multipart data|form)|Part terminated early due to unexpected end of multipart data|Malformed part header|Multipart: )/;

/** Invalid text representation, out of range, too long: bad input that slipped past a schema. */
const BAD_VALUE = new Set<string>([
  SQLSTATE.invalidTextRepresentation,
  SQLSTATE.numericValueOutOfRange,
  SQLSTATE.stringDataRightTruncation,
]);

/** Unique violations name their constraint `<table>_<field>_key`: report them on that field. */
function uniqueViolationField(error: { constraint?: string; detail?: string }): string {
  const fromDetail = /Key \((?:lower\()?"?([a-z_]+)"?\)?\)=/.exec(error.detail ?? '');
  if (fromDetail?.[1]) return fromDetail[1];
  return error.constraint?.replace(/_key$/, '').split('_').pop() ?? 'non_field_errors';
}

/**
 * The envelope for the router's own refusals (Fastify's frameworkErrors): a path that is not valid
 * percent-encoding (400) and a path parameter over the router's limit (414).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(request, reply, 'BadRequest', 'A path parameter is longer than 500 characters.', 414);
  }
  if (error.code === 'FST_ERR_BAD_URL') return send(request, reply, 'BadRequest', 'The path is not valid.', 400);
  const body = envelope(request, 'APIException', ERROR_TYPES.APIException.message);
  request.log.error({ err: error, errorId: body.id }, 'router error');
  return reply.status(500).type('application/json').send(body);
}

/**
 * The envelope for a request Node's HTTP parser refused before it became one (Fastify's
 * clientErrorHandler): headers or a URL over the size limit (431), a timeout (408), anything else
 * malformed (400). Written to the socket, which is then closed.
 */
export function clientError(error: { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers or URL are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify({
    type: 'BadRequest',
    detail,
    id: randomUUID(),
    request: '',
    time: new Date().toISOString(),
    'user-agent': '',
  } satisfies ErrorPayload);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(request, reply, error.type, error.detail, error.status);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'invalidValue',
      }));
      return send(request, reply, 'ValidationError', issuesToDetail(issues));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(request, reply, 'ParseError', `JSON parse error - ${error.message}`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          request,
          reply,
          'UnsupportedMediaType',
          `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(request, reply, 'BadRequest', 'The request body is too large.', 413);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(request, reply, 'BadRequest', 'Invalid Content-Length.');
    }
    if (MULTIPART_PARSE_ERROR.test(error.message) && /^multipart\//i.test(request.headers['content-type'] ?? '')) {
      return send(request, reply, 'BadRequest', 'The multipart body could not be read.', 400);
    }
    if (isTransientConflict(error)) {
      // A deadlock or serialization failure that outlasted its retries: nothing was kept, and the
      // same request may be sent again.
      const body = envelope(request, 'ServiceUnavailable', ERROR_TYPES.ServiceUnavailable.message);
      request.log.warn({ err: error, errorId: body.id }, 'transaction conflict answered 503');
      return reply
        .status(503)
        .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
        .type('application/json')
        .send(body);
    }
    const unique = uniqueViolation(error);
    if (unique) {
      return send(request, reply, 'ValidationError', {
        [uniqueViolationField(unique)]: ['This field must be unique.'],
      });
    }
    if (BAD_VALUE.has(sqlState(error) ?? '')) {
      return send(request, reply, 'ValidationError', { non_field_errors: ['Enter a valid value.'] });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const type: ErrorType =
        error.statusCode === 415 ? 'UnsupportedMediaType' : error.statusCode === 429 ? 'Throttled' : 'BadRequest';
      return send(request, reply, type, error.message, error.statusCode);
    }
    const body = envelope(request, 'APIException', ERROR_TYPES.APIException.message);
    request.log.error({ err: error, errorId: body.id }, 'unhandled error');
    return reply.status(500).type('application/json').send(body);
  });
}
