import type { SimulateOptions } from '../simulator/index.js';

/** `npm run cli -- simulate …`: the command-line options → SimulateOptions. */
export function simulateOptionsFromArgs(
  values: Record<string, string | boolean | string[] | undefined>,
): SimulateOptions {
  const list = (name: string) => {
    const v = values[name];
    return (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).flatMap((x) => x.split(',')).filter(Boolean);
  };
  const number = (name: string, fallback?: number) => {
    const v = values[name];
    if (typeof v !== 'string') return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0`);
    return n;
  };
  const serials = list('reader');
  const secrets = list('secret');
  if (serials.length === 0) throw new Error('Missing --reader SERIAL (with --secret SECRET), once per reader');
  if (secrets.length !== serials.length) throw new Error('Give one --secret per --reader, in the same order');
  const transport = values.transport ?? (values['mqtt-url'] ? 'mqtt' : 'http');
  if (transport !== 'http' && transport !== 'mqtt') throw new Error('--transport is http or mqtt');
  const duration = number('duration');
  return {
    url: typeof values.url === 'string' ? values.url : `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
    readers: serials.map((serial, i) => ({ serial, secret: secrets[i]! })),
    transport,
    mqttUrl: typeof values['mqtt-url'] === 'string' ? values['mqtt-url'] : undefined,
    topicRoot: typeof values['topic-root'] === 'string' ? values['topic-root'] : undefined,
    epcs: list('epc'),
    tags: number('tags'),
    sku: typeof values.sku === 'string' ? values.sku : undefined,
    rate: number('rate'),
    moves: number('moves'),
    once: values.once === true,
    heartbeats: values['no-heartbeats'] !== true,
    durationMs: duration === undefined ? undefined : duration * 1000,
    measurements: values.measurements === true,
    measurementEveryMs: (number('measurement-every') ?? 5) * 1000,
  };
}
