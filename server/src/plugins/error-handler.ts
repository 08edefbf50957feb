import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_TYPES,
  MESSAGE_KEYS as M,
  describeErrorDetail,
  describeMessage,
  fallbackMessage,
  messageWithParams,
  type ErrorCodes,
  type ErrorDetail,
  type ErrorPayload,
  type ErrorType,
} from '@tagtrack/contract';
import { AppError, issuesToDetail } from '../lib/errors.js';
import type {} from '../lib/route.js';
import { isBadValue, isCancelledStatement, uniqueViolation } from '../lib/pg-error.js';
import { CONFLICT_RETRY_AFTER_SECONDS, TIMEOUT_RETRY_AFTER_SECONDS, isTransientConflict } from '../lib/retry.js';

/**
 * Builds the spec's error envelope for a request. `detail` words its messages as the contract's
 * keys (`key` or `key|name=value&…`): the envelope answers their English text in `detail` and the
 * keys with their values in `codes` (docs/errors.md). Other text stays as written, with the code
 * invalidValue in a ValidationError (a library's wording of a field problem) and otherMessage
 * elsewhere. `codes` given by the caller are answered as they are.
 */
export function envelope(
  request: FastifyRequest,
  type: ErrorType,
  detail: ErrorDetail,
  id = randomUUID(),
  codes?: ErrorCodes,
): ErrorPayload {
  const described = describeErrorDetail(type, detail);
  const joined = request.routeOptions.config?.errorDetail === 'joined' && type === 'ValidationError';
  return {
    type,
    detail: joined ? joinDetail(described.detail) : described.detail,
    id,
    request: `${request.method} ${request.url}`,
    time: new Date().toISOString(),
    'user-agent': String(request.headers['user-agent'] ?? ''),
    codes: codes ?? described.codes,
  };
}

/**
 * A field → messages detail as one string (routes whose errors are read that way, 03 §8): each
 * message `field: text` (a message about the whole body bare), joined by ';'.
 */
export function joinDetail(detail: ErrorDetail): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map(joinDetail).join(';');
  return Object.entries(detail)
    .flatMap(([field, value]) => {
      const text = joinDetail(value);
      return text.split(';').map((part) => (field === 'non_field_errors' ? part : `${field}: ${part}`));
    })
    .join(';');
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  type: ErrorType,
  detail: ErrorDetail,
  status?: number,
  codes?: ErrorCodes,
) {
  const body = envelope(request, type, detail, undefined, codes);
  return reply
    .status(status ?? ERROR_TYPES[type].status)
    .type('application/json')
    .send(body);
}

/**
 * A multipart body the parser could not read (busboy's errors carry no code, only these
 * messages): a boundary that is not the announced one, a truncated body, a broken part header.
 */
const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of (multipart data|form)|Part terminated early due to unexpected end of multipart data|Malformed part header|Multipart: )/;

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
    return send(request, reply, 'BadRequest', M.pathParameterTooLong, 414);
  }
  if (error.code === 'FST_ERR_BAD_URL') return send(request, reply, 'BadRequest', M.pathNotValid, 400);
  const body = envelope(request, 'APIException', M.serverError);
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
  const [status, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, M.requestTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, M.requestTimeout]
        : [400, M.requestNotReadable];
  const { text, code } = describeMessage(key);
  writeAndClose(socket, status, {
    type: 'BadRequest',
    detail: text,
    id: randomUUID(),
    request: '',
    time: new Date().toISOString(),
    'user-agent': '',
    codes: code,
  });
}

/**
 * Answers `body` straight on the socket, outside Fastify (no response was begun on it), and
 * closes the connection: what is left of the request is never read.
 */
export function writeAndClose(socket: Duplex, status: number, body: ErrorPayload) {
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

export function registerErrorHandler(app: FastifyInstance) {
  // A field problem whose schema names no message is worded as Django REST words it, as a key the
  // console translates (contract: fallbackMessage), rather than in zod's own English.
  z.config({ customError: (issue) => fallbackMessage(issue) });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(request, reply, error.type, error.detail, error.status, error.codes);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const query = error.validationContext === 'querystring' ? (request.query as Record<string, unknown>) : {};
      const issues = error.validation.map((v) => {
        const path = (v.instancePath || '').split('/').filter(Boolean);
        // A parameter given twice reaches the schema as a list, and a number read from it as NaN.
        const given = path.length === 1 && v.keyword === 'invalid_type' ? query[path[0]!] : undefined;
        if (Array.isArray(given)) return { path, message: messageWithParams('oneValueOnly', { given: given.length }) };
        return { path, message: v.message ?? 'invalidValue' };
      });
      return send(request, reply, 'ValidationError', issuesToDetail(issues));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(request, reply, 'ParseError', messageWithParams('jsonParseError', { reason: error.message }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          request,
          reply,
          'UnsupportedMediaType',
          messageWithParams('unsupportedMediaType', { contentType: request.headers['content-type'] ?? '' }),
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(request, reply, 'BadRequest', M.bodyTooLarge, 413);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(request, reply, 'BadRequest', M.invalidContentLength);
    }
    if (MULTIPART_PARSE_ERROR.test(error.message) && /^multipart\//i.test(request.headers['content-type'] ?? '')) {
      return send(request, reply, 'BadRequest', M.multipartNotReadable, 400);
    }
    if (isTransientConflict(error)) {
      // A deadlock or serialization failure that outlasted its retries: nothing was kept, and the
      // same request may be sent again.
      const body = envelope(request, 'ServiceUnavailable', M.serviceUnavailable);
      request.log.warn({ err: error, errorId: body.id }, 'transaction conflict answered 503');
      return reply
        .status(503)
        .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
        .type('application/json')
        .send(body);
    }
    if (isCancelledStatement(error)) {
      // Ran past the statement timeout (STATEMENT_TIMEOUT_MS): its transaction was rolled back.
      const body = envelope(request, 'ServiceUnavailable', M.serviceUnavailable);
      request.log.warn({ err: error, errorId: body.id }, 'statement timeout answered 503');
      return reply
        .status(503)
        .header('retry-after', String(TIMEOUT_RETRY_AFTER_SECONDS))
        .type('application/json')
        .send(body);
    }
    const unique = uniqueViolation(error);
    if (unique) {
      return send(request, reply, 'ValidationError', {
        [uniqueViolationField(unique)]: [M.fieldMustBeUnique],
      });
    }
    if (isBadValue(error)) {
      return send(request, reply, 'ValidationError', { non_field_errors: [M.invalidValue] });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const type: ErrorType =
        error.statusCode === 415 ? 'UnsupportedMediaType' : error.statusCode === 429 ? 'Throttled' : 'BadRequest';
      return send(request, reply, type, error.message, error.statusCode);
    }
    const body = envelope(request, 'APIException', M.serverError);
    request.log.error({ err: error, errorId: body.id }, 'unhandled error');
    return reply.status(500).type('application/json').send(body);
  });
}
