import type { SensorStatus } from '@tagtrack/contract';

/** The status chip's color: outside a rule's limits is an error, within them a success. */
export const STATUS_COLOR = {
  alert: 'error',
  ok: 'success',
  unwatched: 'default',
} as const satisfies Record<SensorStatus, 'error' | 'success' | 'default'>;
