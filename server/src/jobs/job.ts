/**
 * A background runner as the server holds it: started with what it needs (`startX(deps)`), it
 * answers the handle that stops it. Shutdown awaits each stop before the database closes.
 */
export interface Job {
  stop(): Promise<void>;
}
