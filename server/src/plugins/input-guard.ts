import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/errors.js';
import { findUnsafeInput, unsafeInputDetail } from '../lib/unsafe-input.js';

/**
 * SECURITY (input): every route's path parameters, query and JSON body are refused with a
 * ValidationError naming the field when they hold U+0000 or nest deeper than MAX_NESTING, before
 * any schema or handler sees them: PostgreSQL refuses NUL in text (a 500 otherwise), and deep
 * nesting overflows the stack of whatever walks it later. Multipart uploads are read by their routes
 * as streams, outside this hook.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const unsafe = findUnsafeInput(part);
      if (unsafe) throw validationError(unsafeInputDetail(unsafe));
    }
  });
}
