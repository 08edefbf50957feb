/** The Event Center's tabs (03 §2): the path's last segment selects one. */
export const EVENT_CENTER_TABS = ['notifications', 'events'] as const;
export type EventCenterTab = (typeof EVENT_CENTER_TABS)[number];

export const eventCenterPath = (tab: EventCenterTab) => `/event-center/${tab}`;
/** The event list, where the forms return to. */
export const EVENTS_PATH = eventCenterPath('events');
export const NEW_EVENT_PATH = '/event-center/event-form';
export const editEventPath = (id: string) => `/event-center/event-form/${encodeURIComponent(id)}`;
