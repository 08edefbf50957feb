/**
 * Readers publish to `<root>/<serial>/reads` and `<root>/<serial>/measurements` and hear back on
 * `<root>/<serial>/acks` (MQTT_TOPIC_ROOT).
 */
export const DEFAULT_MQTT_TOPIC_ROOT = 'tagtrack/readers';
export const readsTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/reads`;
export const measurementsTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/measurements`;
export const acksTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/acks`;
/** What readers publish: each kind's topic under `<root>/<serial>/`. */
export const PUBLISHED_KINDS = ['reads', 'measurements'] as const;
export type PublishedKind = (typeof PUBLISHED_KINDS)[number];

/** The reader serial and kind a published topic names (serial '' when it is not one). */
export function topicOf(topic: string, root = DEFAULT_MQTT_TOPIC_ROOT): { serial: string; kind: PublishedKind } {
  const match = topic.startsWith(`${root}/`)
    ? /^([^/]+)\/(reads|measurements)$/.exec(topic.slice(root.length + 1))
    : null;
  return { serial: match?.[1] ?? '', kind: (match?.[2] as PublishedKind | undefined) ?? 'reads' };
}

/** The reader serial a reads or measurements topic names ('' when it is not one). */
export function serialOfTopic(topic: string, root = DEFAULT_MQTT_TOPIC_ROOT): string {
  return topicOf(topic, root).serial;
}
