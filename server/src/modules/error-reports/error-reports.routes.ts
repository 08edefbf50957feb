import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, ErrorReportSchema } from '@tagtrack/contract';
import { insertErrorReport } from './error-reports.repository.js';
import { endpoint } from '../../lib/route.js';

export function errorReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.errorReport),
    schema: { body: ErrorReportSchema },
    handler: async (req, reply) => {
      const ctx = req.ctx();
      const b = req.body;
      const row = await insertErrorReport(ctx.tenant, {
        userId: ctx.actor.id,
        errorRequest: b.error_request ?? null,
        errorResponse: b.error_response ?? null,
        errorCode: b.error_code === undefined ? null : String(b.error_code),
        datetime: b.datetime ?? null,
        userAgent: b.user_agent ?? String(req.headers['user-agent'] ?? ''),
        errorUuid: b.error_uuid ?? null,
        uiErrorMessage: b.ui_error_message ?? null,
        comment: b.comment,
      });
      // Support reads reports from the log stream as well as the table.
      ctx.log.warn(
        {
          errorReportId: row.id,
          errorUuid: b.error_uuid,
          errorCode: b.error_code,
          comment: b.comment,
          uiMessage: b.ui_error_message,
        },
        'error report received',
      );
      return reply.status(201).send({ id: row.id, ...b, created: row.createdAt.toISOString() });
    },
  });
}
