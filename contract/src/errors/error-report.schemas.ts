import { z } from 'zod';

export const ERROR_REPORT_COMMENT_MAX = 150;

/** POST /api/error/: a user's report of an error they met, for support. */
export const ErrorReportSchema = z.object({
  error_request: z.string().max(2000).optional(),
  error_response: z.string().max(20000).optional(),
  error_code: z.union([z.string().max(50), z.number().int()]).optional(),
  datetime: z.string().max(64).optional(),
  user_agent: z.string().max(1000).optional(),
  error_uuid: z.string().max(64).optional(),
  ui_error_message: z.string().max(1000).optional(),
  comment: z.string().max(ERROR_REPORT_COMMENT_MAX, 'commentMaxLength').optional().default(''),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;
