import type { NotifyErrorOptions } from '../../../components/feedback/use-notify';

/**
 * How a refusal of an event call reads (03 §8): the caller's message, then the detail's first ';'
 * part and, when there are more, that the report lists them.
 */
export const EVENT_ERROR_OPTIONS: NotifyErrorOptions = { withDetail: true, splitOn: ';' };
